import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { count, eq } from "drizzle-orm";
import { auditLog, settings } from "../../db/schema";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
let model: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  model = (await registeredAdvertiser(ctx)).token;
});

const auditRows = async () => (await ctx.app.db.select({ n: count() }).from(auditLog))[0].n;
const lastAudit = async () => (await ctx.app.db.select().from(auditLog).orderBy(auditLog.id)).at(-1)!;
async function idOf(key: string): Promise<number> {
  const [row] = await ctx.app.db.select().from(settings).where(eq(settings.settingKey, key));
  assert.ok(row, `setting ${key}`);
  return row.id;
}
const storedValue = async (key: string) =>
  (await ctx.app.db.select().from(settings).where(eq(settings.settingKey, key)))[0].settingValue;

/** PUT a setting's value by key; checks the number of audit rows written (1 when accepted, 0 when refused). */
async function put(key: string, value: string) {
  const before = await auditRows();
  const res = await ctx.as(admin).put(`/api/admin/settings/${await idOf(key)}`, { value });
  assert.equal(await auditRows(), before + (res.statusCode === 200 ? 1 : 0), `audit rows for ${key}`);
  return res;
}

describe("who may call the settings routes", () => {
  test("no token 401, a model 403, an admin 2xx", async () => {
    const id = await idOf("site_description");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/settings"],
      ["PUT", `/api/admin/settings/${id}`, { value: "Outra descrição" }],
      ["POST", "/api/admin/settings", { setting_key: "chave_da_matriz", setting_value: "x" }],
    ];
    for (const [method, url, body] of calls) {
      const send = (token: string | null) =>
        ctx.app.inject({
          method: method as "GET",
          url,
          payload: body as object,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      assert.equal((await send(null)).statusCode, 401, `${method} ${url}`);
      assert.equal((await send(model)).statusCode, 403, `${method} ${url}`);
      const res = await send(admin);
      assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    }
  });
});

describe("secrets are write-only", () => {
  const TOKEN = "APP_USR-1234567890123456-112233-abcdef0123456789-9876";

  test("PUT stores the value; the answer, GET and the audit row show only ••••last4", async () => {
    const res = await put("mp_access_token_prod", TOKEN);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().setting, {
      id: await idOf("mp_access_token_prod"),
      setting_key: "mp_access_token_prod",
      setting_value: "••••9876",
      is_secret: true,
    });
    assert.equal(await storedValue("mp_access_token_prod"), TOKEN);
    const list = await ctx.as(admin).get("/api/admin/settings");
    assert.ok(!list.body.includes(TOKEN.slice(0, 20)), "GET never carries the clear value");
    const row = list.json().settings.find((s: { setting_key: string }) => s.setting_key === "mp_access_token_prod");
    assert.equal(row.setting_value, "••••9876");
    assert.equal(row.is_secret, true);
    const audit = await lastAudit();
    assert.equal(audit.action, "setting.update");
    assert.ok(!JSON.stringify(audit.changes).includes(TOKEN.slice(0, 20)), "no secret in the audit log");
    assert.equal((audit.changes as { to: string }).to, "••••9876");
  });

  test("the masked value sent back is refused; an empty value clears; a short secret is all dots", async () => {
    await put("mp_webhook_secret", "segredo-do-webhook-123456");
    expectValidationError(await put("mp_webhook_secret", "••••3456"), ["value"]);
    assert.equal(await storedValue("mp_webhook_secret"), "segredo-do-webhook-123456");
    assert.equal((await put("mp_webhook_secret", "")).json().setting.setting_value, "");
    assert.equal(await storedValue("mp_webhook_secret"), "");
    assert.equal((await put("mp_public_key_test", "abc123")).json().setting.setting_value, "••••");
  });

  test("only the secret keys are masked", async () => {
    const list = (await ctx.as(admin).get("/api/admin/settings")).json().settings as {
      setting_key: string;
      setting_value: string;
      is_secret: boolean;
    }[];
    const secrets = list.filter((s) => s.is_secret).map((s) => s.setting_key);
    assert.deepEqual(secrets.sort(), [
      "mp_access_token",
      "mp_access_token_prod",
      "mp_access_token_test",
      "mp_public_key",
      "mp_public_key_prod",
      "mp_public_key_test",
      "mp_webhook_secret",
    ]);
    assert.equal(list.find((s) => s.setting_key === "site_name")?.setting_value, "Vitrine");
  });
});

describe("PUT /api/admin/settings/{id} checks the value by key", () => {
  test("Pix keys are stored as the DICT writes them; an invalid key is refused; empty means not configured", async () => {
    assert.equal((await put("pix_cpf", "123.456.789-09")).json().setting.setting_value, "12345678909");
    assert.equal((await put("pix_phone", "(11) 99999-0000")).json().setting.setting_value, "+5511999990000");
    assert.equal((await put("pix_email", "Pix@Vitrine.COM")).json().setting.setting_value, "pix@vitrine.com");
    const uuid = "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D";
    assert.equal((await put("pix_random", uuid)).json().setting.setting_value, uuid.toLowerCase());
    const bad = await put("pix_cpf", "123.456.789-00");
    expectValidationError(bad, ["value"]);
    assert.match(bad.json().details[0].message, /CPF inválido/);
    assert.match((await put("pix_phone", "(11) 3333-4444")).json().details[0].message, /fixo/);
    expectValidationError(await put("pix_email", "pix@"), ["value"]);
    expectValidationError(await put("pix_random", "abc"), ["value"]);
    assert.equal(await storedValue("pix_cpf"), "12345678909");
    assert.equal((await put("pix_cpf", "")).json().setting.setting_value, "");
  });

  test("e-mails, URLs, environment, booleans, Pix city and site name", async () => {
    assert.equal(
      (await put("support_email", " Suporte@Vitrine.com ")).json().setting.setting_value,
      "suporte@vitrine.com",
    );
    expectValidationError(await put("admin_email", "admin"), ["value"]);
    assert.equal((await put("admin_email", "")).statusCode, 200);
    assert.equal(
      (await put("backend_url", "https://api.vitrine.com.br/")).json().setting.setting_value,
      "https://api.vitrine.com.br",
    );
    expectValidationError(await put("site_url", "ftp://vitrine.com.br"), ["value"]);
    expectValidationError(await put("site_url", "vitrine"), ["value"]);
    assert.equal((await put("mp_environment", "production")).statusCode, 200);
    expectValidationError(await put("mp_environment", "test"), ["value"]);
    assert.equal((await put("mp_binary_mode", "false")).statusCode, 200);
    expectValidationError(await put("auto_release_on_approved", "sim"), ["value"]);
    assert.equal((await put("pix_merchant_city", "Ribeirão Preto")).json().setting.setting_value, "RIBEIRAO PRETO");
    const long = await put("pix_merchant_city", "São José dos Campos");
    expectValidationError(long, ["value"]);
    assert.match(long.json().details[0].message, /15/);
    expectValidationError(await put("site_name", " "), ["value"]);
    expectValidationError(await put("site_name", "x".repeat(81)), ["value"]);
    assert.equal((await put("site_name", "Vitrine Brasil")).json().setting.setting_value, "Vitrine Brasil");
  });

  test("the audit row says which key, from and to", async () => {
    await put("support_phone", "11 4000-0000");
    await put("support_phone", "11 4000-1111");
    const audit = await lastAudit();
    assert.equal(audit.targetId, String(await idOf("support_phone")));
    assert.deepEqual(audit.changes, { key: "support_phone", from: "11 4000-0000", to: "11 4000-1111" });
  });

  test("an unknown setting → 404; a missing value → 400", async () => {
    assert.equal((await ctx.as(admin).put("/api/admin/settings/999999", { value: "x" })).statusCode, 404);
    expectValidationError(await ctx.as(admin).put(`/api/admin/settings/${await idOf("site_name")}`, {}), ["value"]);
  });
});

describe("POST /api/admin/settings", () => {
  test("adds a free key/value row (201, one audit row); the same key again → 409; a bad key → 400", async () => {
    const before = await auditRows();
    const res = await ctx.as(admin).post("/api/admin/settings", { setting_key: "Cor_Tema", setting_value: "azul" });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().setting.setting_key, "cor_tema");
    assert.equal(res.json().setting.setting_value, "azul");
    assert.equal(await auditRows(), before + 1);
    assert.equal((await lastAudit()).action, "setting.create");
    const again = await ctx.as(admin).post("/api/admin/settings", { setting_key: "cor_tema", setting_value: "rosa" });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, "CONFLICT");
    assert.equal(await storedValue("cor_tema"), "azul");
    expectValidationError(await ctx.as(admin).post("/api/admin/settings", { setting_key: "minha chave" }), [
      "setting_key",
    ]);
    assert.equal(await auditRows(), before + 1);
    const free = await ctx.as(admin).put(`/api/admin/settings/${res.json().setting.id}`, { value: "qualquer coisa" });
    assert.equal(free.json().setting.setting_value, "qualquer coisa");
  });
});

describe("a free key named as a secret is one", () => {
  test("…_secret, _token, _password, _senha, _api_key: masked in every answer and the audit, write-only", async () => {
    const value = "crm-token-abcdef-123456-zyxw";
    const res = await ctx.as(admin).post("/api/admin/settings", { setting_key: "crm_api_token", setting_value: value });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().setting, {
      id: res.json().setting.id,
      setting_key: "crm_api_token",
      setting_value: "••••zyxw",
      is_secret: true,
    });
    assert.equal(await storedValue("crm_api_token"), value);
    assert.ok(!JSON.stringify((await lastAudit()).changes).includes(value.slice(0, 12)), "no secret in the audit log");
    const list = await ctx.as(admin).get("/api/admin/settings");
    assert.ok(!list.body.includes(value.slice(0, 12)), "GET never carries the clear value");
    expectValidationError(await put("crm_api_token", "••••zyxw"), ["value"]);
    assert.equal(await storedValue("crm_api_token"), value);
    for (const key of ["erp_secret", "smtp_password", "painel_senha", "maps_api_key"]) {
      const created = await ctx.as(admin).post("/api/admin/settings", { setting_key: key, setting_value: "x" });
      assert.equal(created.json().setting.is_secret, true, key);
      assert.equal(created.json().setting.setting_value, "••••", key);
    }
    const plain = await ctx.as(admin).post("/api/admin/settings", { setting_key: "token_cor", setting_value: "azul" });
    assert.equal(plain.json().setting.is_secret, false);
    assert.equal(plain.json().setting.setting_value, "azul");
  });
});
