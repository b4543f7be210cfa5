import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../config";
import { buildApp } from "../app";
import { bootstrapAdmin, formatFirstAdminBlock } from "./bootstrap-admin";
import { openDatabase } from "./client";
import { loadReferenceData } from "./reference-data";
import { admins } from "./schema";
import { completeSignIn } from "../test/two-factor";

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

test("the first-admin block frames the e-mail and the password and asks for the change", () => {
  const block = formatFirstAdminBlock({ email: "admin@localhost", password: "Xy9-abc_DEF123" });
  const lines = block.trimEnd().split("\n");
  assert.match(lines[0], /^╔═+╗$/);
  assert.match(lines.at(-1) ?? "", /^╚═+╝$/);
  assert.ok(
    lines.every((line) => line.length === lines[0].length),
    "every line of the frame has the same width",
  );
  assert.match(block, /Administrador criado/);
  assert.match(block, /e-mail: admin@localhost/);
  assert.match(block, /senha: {2}Xy9-abc_DEF123/);
  assert.match(block, /Troque a senha no primeiro acesso/);
});

test("without ADMIN_PASSWORD the first admin's generated password is printed once as a block, and must be changed", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrine-boot-"));
  const database = openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    const logged: string[] = [];
    const printed: string[] = [];
    const opts = { log: { info: (m: string) => logged.push(m) }, print: (text: string) => printed.push(text) };
    await bootstrapAdmin(database.db, opts);
    await bootstrapAdmin(database.db, opts);
    assert.equal(printed.length, 1, "printed exactly once");
    const password = /senha: +(\S+)/.exec(printed[0])?.[1];
    assert.ok(password && password.length >= 12);
    assert.ok(!logged.join("\n").includes(password), "the password is never in a log line");
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), database, logger: false });
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/admin/login",
      payload: { email: "admin@localhost", password },
    });
    assert.equal(login.statusCode, 200);
    // Admins sign in in two steps: the first time the authenticator is set up (test/two-factor.ts is her phone).
    const token = await completeSignIn(app, "admin", login.json());
    const auth = { authorization: `Bearer ${token}` };
    const { user } = (await app.inject({ method: "GET", url: "/api/auth/verify", headers: auth })).json();
    assert.equal(user.must_change_password, true);

    const refused = await app.inject({ method: "GET", url: "/api/admin/settings", headers: auth });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, "PASSWORD_CHANGE_REQUIRED");
    assert.equal((await app.inject({ method: "GET", url: "/api/auth/verify", headers: auth })).statusCode, 200);

    const account = (payload: object) =>
      app.inject({ method: "PUT", url: "/api/admin/account", headers: auth, payload });
    const sameAgain = await account({ current_password: password, new_password: password });
    assert.equal(sameAgain.statusCode, 400);
    assert.deepEqual(
      sameAgain.json().details.map((d: { path: string }) => d.path),
      ["new_password"],
    );
    const changed = await account({ current_password: password, new_password: "minha-senha-escolhida" });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.json().user.must_change_password, false);
    const fresh = { authorization: `Bearer ${changed.json().token}` };
    assert.equal((await app.inject({ method: "GET", url: "/api/admin/settings", headers: fresh })).statusCode, 200);
    await app.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an admin from ADMIN_EMAIL/ADMIN_PASSWORD is not asked to change the password, and nothing is printed", async () => {
  const database = openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const printed: string[] = [];
    await bootstrapAdmin(database.db, {
      email: "Chefe@Site.com",
      password: "senha-do-operador",
      log: { info() {} },
      print: (text) => printed.push(text),
    });
    assert.deepEqual(printed, []);
    const [admin] = await database.db.select().from(admins);
    assert.equal(admin.email, "chefe@site.com");
    assert.equal(admin.mustChangePassword, false);
  } finally {
    await database.close();
  }
});
