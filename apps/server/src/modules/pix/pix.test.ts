import assert from "node:assert/strict";
import { before, beforeEach, describe, test } from "node:test";
import { PIX_KEY_TYPES, type PixKeyType } from "@vitrine/contracts";
import { count, eq } from "drizzle-orm";
import { auditLog, modelPayments } from "../../db/schema";
import { checkBrCode } from "../../test/br-code";
import { buildModel, buildPlan, setSetting } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

const KEYS: Record<PixKeyType, { stored: string; canonical: string }> = {
  cpf: { stored: "123.456.789-09", canonical: "12345678909" },
  phone: { stored: "(11) 99999-0000", canonical: "+5511999990000" },
  email: { stored: "Pix@Vitrine.com.br", canonical: "pix@vitrine.com.br" },
  random: { stored: "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", canonical: "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d" },
};

const ctx = useTestContext();
let admin: string;
let model: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  model = (await registeredAdvertiser(ctx)).token;
});
beforeEach(async () => {
  await setSetting(ctx.app, "site_name", "Vitrine Anúncios");
  await setSetting(ctx.app, "pix_merchant_city", "SAO PAULO");
  for (const type of PIX_KEY_TYPES) await setSetting(ctx.app, `pix_${type}`, KEYS[type].stored);
});

const auditCount = async (action: string) =>
  (await ctx.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const paymentCount = async () => (await ctx.app.db.select({ n: count() }).from(modelPayments))[0].n;

describe("who may call the Pix routes", () => {
  test("GET /pix/qrcode/{keyType}: no token 401, a model 403, an admin 200", async () => {
    assert.equal((await ctx.as(null).get("/api/payments/pix/qrcode/cpf")).statusCode, 401);
    assert.equal((await ctx.as(model).get("/api/payments/pix/qrcode/cpf")).statusCode, 403);
    assert.equal((await ctx.as(admin).get("/api/payments/pix/qrcode/cpf")).statusCode, 200);
  });

  test("GET /pix/qrcode/random: no token 401, a model 200, an admin 200", async () => {
    assert.equal((await ctx.as(null).get("/api/payments/pix/qrcode/random")).statusCode, 401);
    for (const token of [model, admin]) {
      const res = await ctx.as(token).get("/api/payments/pix/qrcode/random?amount=59.9");
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(checkBrCode(res.json().qr_code_data).key, KEYS.random.canonical);
    }
  });

  test("POST /admin/generate-pix and /admin/generate-link: no token 401, a model 403", async () => {
    const modelId = await buildModel(ctx.app);
    for (const url of ["/api/payments/admin/generate-pix", "/api/payments/admin/generate-link"]) {
      assert.equal((await ctx.as(null).post(url, { amount: 100, model_id: modelId })).statusCode, 401);
      assert.equal((await ctx.as(model).post(url, { amount: 100, model_id: modelId })).statusCode, 403);
    }
  });
});

describe("GET /api/payments/pix/qrcode/{keyType}", () => {
  for (const type of PIX_KEY_TYPES) {
    test(`${type}: the configured key as the DICT writes it, amount with two decimals, a PNG`, async () => {
      const res = await ctx.as(admin).get(`/api/payments/pix/qrcode/${type}?amount=59.9&description=Renovação%20março`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.pix_key, KEYS[type].canonical);
      assert.equal(body.amount, 59.9);
      assert.equal(body.description, "Renovação março");
      assert.match(body.qr_code, /^data:image\/png;base64,/);
      const code = checkBrCode(body.qr_code_data);
      assert.equal(code.key, KEYS[type].canonical);
      assert.equal(code.amount, "59.90");
      assert.equal(code.description, "Renovacao marco");
      assert.equal(code.merchantName, "Vitrine Anuncios");
      assert.equal(code.merchantCity, "SAO PAULO");
      assert.equal(code.txid, "***");
    });

    test(`${type}: without an amount the payer types it; description defaults to "Pagamento"`, async () => {
      const body = (await ctx.as(admin).get(`/api/payments/pix/qrcode/${type}`)).json();
      assert.equal(body.amount, null);
      assert.equal(body.description, "Pagamento");
      const code = checkBrCode(body.qr_code_data);
      assert.equal(code.amount, undefined);
      assert.equal(code.description, "Pagamento");
    });
  }

  test('amounts "0,01", 1234.5 and "" (none); the merchant city from its setting', async () => {
    await setSetting(ctx.app, "pix_merchant_city", "Ribeirão Preto");
    const cent = (await ctx.as(admin).get("/api/payments/pix/qrcode/cpf?amount=0,01")).json();
    assert.equal(cent.amount, 0.01);
    assert.equal(checkBrCode(cent.qr_code_data).amount, "0.01");
    assert.equal(checkBrCode(cent.qr_code_data).merchantCity, "RIBEIRAO PRETO");
    const big = (await ctx.as(admin).get("/api/payments/pix/qrcode/cpf?amount=1234.5")).json();
    assert.equal(checkBrCode(big.qr_code_data).amount, "1234.50");
    const none = (await ctx.as(admin).get("/api/payments/pix/qrcode/cpf?amount=")).json();
    assert.equal(none.amount, null);
  });

  test("a key type that is not configured → 400 PIX_KEY_MISSING", async () => {
    await setSetting(ctx.app, "pix_email", "");
    const res = await ctx.as(admin).get("/api/payments/pix/qrcode/email");
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: "Chave PIX não configurada", code: "PIX_KEY_MISSING" });
  });

  test("an invalid configured key → 400 saying which key and what is wrong", async () => {
    await setSetting(ctx.app, "pix_phone", "(11) 3333-4444");
    const res = await ctx.as(admin).get("/api/payments/pix/qrcode/phone");
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, "BAD_REQUEST");
    assert.match(res.json().error, /Chave PIX \(Telefone\) configurada é inválida: Telefone fixo/);
    await setSetting(ctx.app, "pix_random", "not-a-uuid");
    const random = await ctx.as(model).get("/api/payments/pix/qrcode/random");
    assert.match(random.json().error, /Chave aleatória inválida/);
  });

  test("an unknown key type or amount → 400 validation", async () => {
    expectValidationError(await ctx.as(admin).get("/api/payments/pix/qrcode/cnpj"), ["keyType"]);
    expectValidationError(await ctx.as(admin).get("/api/payments/pix/qrcode/cpf?amount=caro"), ["amount"]);
    expectValidationError(await ctx.as(admin).get("/api/payments/pix/qrcode/cpf?amount=-1"), ["amount"]);
    expectValidationError(await ctx.as(model).get("/api/payments/pix/qrcode/random?amount=10,999"), ["amount"]);
  });
});

describe("POST /api/payments/admin/generate-pix", () => {
  test("creates a pending pix_emv payment whose id gives the txid; payload stored on it; one audit row", async () => {
    const modelId = await buildModel(ctx.app, { validDays: 10 });
    const planId = await buildPlan(ctx.app, { name: "Plano Semanal", periodType: "weekly", priceCents: 2990 });
    const audits = await auditCount("payment.pix");
    const res = await ctx.as(admin).post("/api/payments/admin/generate-pix", {
      amount: "29,90",
      model_id: modelId,
      plan_id: planId,
      description: "Plano Semanal",
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.txid, `VTR${String(body.payment_id).padStart(9, "0")}`);
    assert.match(body.qr, /^data:image\/png;base64,/);
    const code = checkBrCode(body.payload);
    assert.equal(code.txid, body.txid);
    assert.equal(code.amount, "29.90");
    assert.equal(code.key, KEYS.random.canonical, "the random key is preferred");
    const [payment] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, body.payment_id));
    assert.equal(payment.modelId, modelId);
    assert.equal(payment.status, "pending");
    assert.equal(payment.method, "pix_emv");
    assert.equal(payment.amountCents, 2990);
    assert.equal(payment.pixTxid, body.txid);
    assert.equal(payment.pixPayload, body.payload);
    assert.equal(payment.planId, planId);
    assert.equal(payment.planName, "Plano Semanal");
    assert.equal(await auditCount("payment.pix"), audits + 1);
  });

  test("without a random key the first configured key is used (cpf)", async () => {
    await setSetting(ctx.app, "pix_random", "");
    const modelId = await buildModel(ctx.app);
    const res = await ctx.as(admin).post("/api/payments/admin/generate-pix", { amount: 100, model_id: modelId });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(checkBrCode(res.json().payload).key, KEYS.cpf.canonical);
    assert.equal(checkBrCode(res.json().payload).amount, "100.00");
  });

  test("no key at all → PIX_KEY_MISSING; unknown model → 404; bad amount → 400; nothing written", async () => {
    const modelId = await buildModel(ctx.app);
    const before = [await paymentCount(), await auditCount("payment.pix")];
    const missing = await ctx.as(admin).post("/api/payments/admin/generate-pix", { amount: 100, model_id: 999_999 });
    assert.equal(missing.statusCode, 404);
    expectValidationError(
      await ctx.as(admin).post("/api/payments/admin/generate-pix", { amount: "0", model_id: modelId }),
      ["amount"],
    );
    for (const type of PIX_KEY_TYPES) await setSetting(ctx.app, `pix_${type}`, "");
    const noKey = await ctx.as(admin).post("/api/payments/admin/generate-pix", { amount: 100, model_id: modelId });
    assert.equal(noKey.statusCode, 400);
    assert.equal(noKey.json().code, "PIX_KEY_MISSING");
    assert.deepEqual([await paymentCount(), await auditCount("payment.pix")], before);
  });
});
