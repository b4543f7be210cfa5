// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { loadConfig } from "../../config";
import { serverBundle } from "../../test/server-bundle";
import { startDemoAgeVerifier } from "../../fake-age-verifier/demo-verifier";
import { DEMO_AGE_VERIFIER } from "../../fake-age-verifier/identity";
import {
  AGE_ASSURANCE_UNSET_MESSAGE,
  assertAgeAssuranceForProduction,
  DEMO_VERIFIER_IN_PRODUCTION_MESSAGE,
  HTTP_VERIFIER_IN_PRODUCTION_MESSAGE,
} from "./production";

const root = path.resolve(import.meta.dirname, "../../../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-age-production-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const ageConfig = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).ageAssurance;

const REAL_VERIFIER = {
  AGE_VERIFIER_ISSUER: "https://verificador.example",
  AGE_VERIFIER_CLIENT_ID: "vitrine",
  AGE_VERIFIER_CLIENT_SECRET: "segredo",
};

describe("assertAgeAssuranceForProduction", () => {
  test("production refuses an unset AGE_ASSURANCE, even with a verifier configured", () => {
    for (const env of [{}, REAL_VERIFIER]) {
      assert.throws(() => assertAgeAssuranceForProduction(ageConfig(env), true), {
        message: AGE_ASSURANCE_UNSET_MESSAGE,
      });
    }
    assert.match(AGE_ASSURANCE_UNSET_MESSAGE, /verifier.*self-declaration.*README/s);
  });

  test("production refuses the demonstration verifier and a plain-http issuer", () => {
    const demo = {
      AGE_ASSURANCE: "verifier",
      AGE_VERIFIER_ISSUER: "https://127.0.0.1:5056",
      AGE_VERIFIER_CLIENT_ID: DEMO_AGE_VERIFIER.clientId,
    };
    assert.throws(() => assertAgeAssuranceForProduction(ageConfig(demo), true), {
      message: DEMO_VERIFIER_IN_PRODUCTION_MESSAGE,
    });
    const http = { ...REAL_VERIFIER, AGE_ASSURANCE: "verifier", AGE_VERIFIER_ISSUER: "http://verificador.example" };
    assert.throws(() => assertAgeAssuranceForProduction(ageConfig(http), true), {
      message: HTTP_VERIFIER_IN_PRODUCTION_MESSAGE,
    });
  });

  test("production accepts an explicit choice: a real https verifier, or self-declaration", () => {
    assertAgeAssuranceForProduction(ageConfig({ ...REAL_VERIFIER, AGE_ASSURANCE: "verifier" }), true);
    assertAgeAssuranceForProduction(ageConfig({ AGE_ASSURANCE: "self-declaration" }), true);
  });

  test("outside production anything goes (self-declaration by default, local verifiers)", () => {
    assertAgeAssuranceForProduction(ageConfig({}), false);
    const local = { AGE_VERIFIER_ISSUER: "http://127.0.0.1:5056", AGE_VERIFIER_CLIENT_ID: DEMO_AGE_VERIFIER.clientId };
    assertAgeAssuranceForProduction(ageConfig(local), false);
  });
});

/** Runs the server entry with `env` and returns its exit code and what it wrote to stderr. */
async function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const entry = await serverBundle();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: "https://vitrine.example",
        // The other keys production requires, so that only the age-assurance check can stop it.
        MODERATION_EVIDENCE_KEY: "11".repeat(32),
        VERIFICATION_FILES_KEY: "22".repeat(32),
        TWO_FACTOR_KEY: "33".repeat(32),
        JOBS_ENABLED: "false",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("the server entry in production", () => {
  test("refuses to start without AGE_ASSURANCE, saying what to choose", async () => {
    const { code, stderr } = await runServer({});
    assert.notEqual(code, 0);
    assert.ok(stderr.includes(AGE_ASSURANCE_UNSET_MESSAGE), stderr);
  });

  test("refuses to start with the demonstration verifier", async () => {
    const { code, stderr } = await runServer({
      AGE_ASSURANCE: "verifier",
      AGE_VERIFIER_ISSUER: "http://127.0.0.1:5056",
      AGE_VERIFIER_CLIENT_ID: DEMO_AGE_VERIFIER.clientId,
      AGE_VERIFIER_CLIENT_SECRET: "qualquer",
    });
    assert.notEqual(code, 0);
    assert.ok(stderr.includes(DEMO_VERIFIER_IN_PRODUCTION_MESSAGE), stderr);
  });

  test("the demonstration verifier itself refuses NODE_ENV=production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await assert.rejects(startDemoAgeVerifier(), /NODE_ENV=production/);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  });
});
