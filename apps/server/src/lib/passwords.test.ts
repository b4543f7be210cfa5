// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { loadConfig } from "../config";
import {
  assertPasswordHashCostForProduction,
  getDummyHash,
  hashPassword,
  PASSWORD_HASH_COST_IN_PRODUCTION_MESSAGE,
  usePasswordHashCost,
  verifyPassword,
} from "./passwords";

after(() => usePasswordHashCost("standard"));

describe("password hashing cost", () => {
  test("standard is argon2id at 64 MiB, 3 passes, 4 lanes; test at 1 MiB, 1 pass", async () => {
    usePasswordHashCost("standard");
    const standard = await hashPassword("senha-segura-123");
    assert.match(standard, /^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    usePasswordHashCost("test");
    const cheap = await hashPassword("senha-segura-123");
    assert.match(cheap, /^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    // A hash records its own cost: both verify under either setting, and a wrong password fails both.
    for (const cost of ["standard", "test"] as const) {
      usePasswordHashCost(cost);
      assert.equal(await verifyPassword(standard, "senha-segura-123"), true);
      assert.equal(await verifyPassword(cheap, "senha-segura-123"), true);
      assert.equal(await verifyPassword(standard, "senha-errada"), false);
      assert.equal(await verifyPassword(cheap, "senha-errada"), false);
    }
  });

  test("the dummy hash of unknown accounts follows the cost, so an unknown e-mail takes as long as a known one", async () => {
    usePasswordHashCost("test");
    assert.match(await getDummyHash(), /\$m=1024,p=1,t=1\$/);
    usePasswordHashCost("standard");
    assert.match(await getDummyHash(), /\$m=65536,p=4,t=3\$/);
  });

  test("PASSWORD_HASH_COST: standard by default, test on request, anything else stops the start-up", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-passwords-"));
    try {
      const base = { DATA_DIR: dataDir, DATABASE_URL: "" };
      assert.equal(loadConfig({ ...base }).passwordHashCost, "standard");
      assert.equal(loadConfig({ ...base, PASSWORD_HASH_COST: "test" }).passwordHashCost, "test");
      assert.throws(() => loadConfig({ ...base, PASSWORD_HASH_COST: "barato" }), /PASSWORD_HASH_COST deve ser/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("production refuses the test cost", () => {
    assert.throws(() => assertPasswordHashCostForProduction("test", true), {
      message: PASSWORD_HASH_COST_IN_PRODUCTION_MESSAGE,
    });
    assert.doesNotThrow(() => assertPasswordHashCostForProduction("standard", true));
    assert.doesNotThrow(() => assertPasswordHashCostForProduction("test", false));
  });
});
