import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../config";
import { buildApp } from "../app";
import { bootstrapAdmin } from "./bootstrap-admin";
import { openDatabase } from "./client";
import { loadReferenceData } from "./reference-data";

test("JWT secret is generated once and kept in DATA_DIR", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrine-cfg-"));
  try {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    assert.ok(first.jwtSecret.length >= 32);
    assert.equal(first.jwtSecret, second.jwtSecret);
    assert.equal(readFileSync(path.join(dir, "jwt-secret"), "utf8"), first.jwtSecret);
    assert.equal(loadConfig({ DATA_DIR: dir, JWT_SECRET: "from-env" }).jwtSecret, "from-env");
    assert.equal(first.port, 5000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("without admin variables the first admin gets a random password, logged once, and can log in", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrine-boot-"));
  const database = openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    await bootstrapAdmin(database.db, { log });
    await bootstrapAdmin(database.db, { log });
    assert.equal(lines.length, 1, "logged exactly once");
    const password = /senha (\S+)/.exec(lines[0])?.[1];
    assert.ok(password && password.length >= 12);
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), database, logger: false });
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/admin/login",
      payload: { email: "admin@localhost", password },
    });
    assert.equal(res.statusCode, 200);
    await app.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
