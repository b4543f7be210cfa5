import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { AdminSettingsResponse } from "@vitrine/contracts";
import type { Page } from "playwright-core";
import { type FakeMercadoPago, startFakeMercadoPago } from "../apps/server/src/fake-mercadopago/fake-mercadopago";
import { axeSeriousFindings } from "./axe";
import { advertiser, adminToken as fixtureAdminToken, payPlan, useSite } from "./fixtures";
import { shot, visit } from "./harness";
import { newPage } from "./public-support";

/**
 * Payments end to end, against the local fake Mercado Pago started in this process (the site gets its address in
 * MERCADOPAGO_API_URL; the simulator's Aprovar sends a correctly signed webhook to the site):
 * (a) a model whose plan expired sees the red banner → renews through the provider → approves on the simulator →
 *     her open dashboard loses the banner and her profile is public, without a reload;
 * (b) a visitor buys with PIX Manual → the result page waits → the admin marks the order paid in Pedidos → the
 *     dashboard's revenue grows and the visitor's page turns to "Pagamento Aprovado!" by itself;
 * (c) a visitor buys with PIX via Mercado Pago → simulator → Aprovar → "Pagamento Aprovado!";
 * (d) an expired model renews with Pix: QR, countdown and the provider's page → Aprovar there → the dialog says
 *     "Pagamento confirmado" and the banner is gone, by themselves; without Mercado Pago the dialog falls back to
 *     the site's static QR and the instruction to send the receipt to support.
 */
const tag = randomUUID().slice(0, 8);
const PRICE = 49.9;
/** The site's random Pix key: PIX Manual orders and the renewal's static QR are paid to it. */
const PIX_KEY = "123e4567-e12b-42d1-a456-426655440000";

let fake: FakeMercadoPago;
const e2e = useSite(async () => {
  fake = await startFakeMercadoPago();
  return { env: { MERCADOPAGO_API_URL: fake.url } };
});
let adminToken = "";

async function call<T>(method: string, pathname: string, body?: unknown, token = adminToken): Promise<T> {
  const res = await fetch(`${e2e.site.baseUrl}${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${pathname} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function setSetting(key: string, value: string): Promise<void> {
  const { settings } = await call<AdminSettingsResponse>("GET", "/api/admin/settings");
  const found = settings.find((s) => s.setting_key === key);
  if (found) await call("PUT", `/api/admin/settings/${found.id}`, { value });
  else await call("POST", "/api/admin/settings", { setting_key: key, setting_value: value });
}

/**
 * A model registered through the public API (fixtures.ts), her e-mail confirmed, with one product; her plan ends
 * `dueInDays` from today; her identity verified unless `verified` is false.
 */
async function createModel(name: string, dueInDays: number, activate: boolean, verified = true) {
  const her = await advertiser(e2e.site, verified ? "verified" : "confirmed", {
    registration: { name: `${name} ${tag}`, age: 27 },
  });
  const { product } = await call<{ product: { id: number } }>(
    "POST",
    "/api/models/products",
    { name: `Ensaio ${name}`, description: "Fotos exclusivas", price: "49,90", type: "digital", is_active: true },
    her.token,
  );
  await payPlan(e2e.site, her, dueInDays);
  if (activate) await call("PATCH", `/api/admin/models/${her.id}/status`, { is_active: true });
  return { token: her.token, modelId: her.id, productId: product.id };
}

async function publicStatus(modelId: number): Promise<number> {
  return (await fetch(`${e2e.site.baseUrl}/api/models/public/${modelId}`)).status;
}

async function fillBuyer(page: Page, name: string) {
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(`comprador-${tag}@e2e.local`);
  await page.getByLabel("Telefone (com DDD)").fill("(11) 98765-4321");
}

before(async () => {
  adminToken = await fixtureAdminToken(e2e.site);
  await setSetting("mp_access_token_test", "TEST-e2e-token");
  await setSetting("mp_webhook_secret", fake.webhookSecret);
  await setSetting("pix_random", PIX_KEY);
});

after(async () => {
  await fake?.close();
});

describe("payments", () => {
  test("(a) an expired model renews through the provider and goes live without a reload", async () => {
    const model = await createModel("Renata", -1, false);
    assert.equal(await publicStatus(model.modelId), 404);

    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await context.addInitScript((token) => window.localStorage.setItem("modelToken", token), model.token);
    await visit(page, "/dashboard");
    const banner = page.locator('[data-payment-status="expired"]');
    await banner.getByText("Pagamento Vencido").waitFor();

    await banner.getByRole("button", { name: "Renovar agora" }).click();
    const dialog = page.getByRole("dialog", { name: "Renovar plano" });
    await dialog.getByLabel(/Cartão ou boleto/).check();
    const [simulator] = await Promise.all([
      context.waitForEvent("page"),
      dialog.getByRole("button", { name: "Ir para o pagamento" }).click(),
    ]);
    await simulator.getByRole("button", { name: "Aprovar" }).waitFor();
    await simulator.getByRole("button", { name: "Aprovar" }).click();
    // Back from the checkout (the success return address is the dashboard): the notice, and no banner.
    await simulator.waitForURL(/\/dashboard/);
    // The webhook applied the payment before the return: the notice says it is confirmed, not awaited.
    await simulator.getByText("Pagamento confirmado! Seu plano foi renovado.").first().waitFor();
    assert.equal(await simulator.getByText("aguardando confirmação").count(), 0);

    // The first tab was never reloaded: the events stream removed the banner and shows the profile as public.
    await banner.waitFor({ state: "detached", timeout: 20_000 });
    await page.locator('[data-public-visibility="visible"]').waitFor();
    assert.equal(await publicStatus(model.modelId), 200);
    await shot(page, "payments-renewed-dashboard-desktop");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("(b) PIX Manual: the result page waits, the admin marks it paid, revenue and the page follow", async () => {
    const seller = await createModel("Manuela", 30, true);
    const buyer = `Cliente Manual ${tag}`;

    const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile: true });
    const page = visitor.page;
    await visit(page, `/checkout/${seller.productId}`);
    await page.getByRole("heading", { name: "Ensaio Manuela" }).waitFor();
    await page.getByText("R$ 49,90").first().waitFor();
    assert.ok(await page.getByLabel("PIX Manual").isChecked());
    await fillBuyer(page, buyer);
    await page.getByRole("button", { name: "Gerar PIX" }).click();
    await page.getByRole("heading", { name: "Pague com PIX" }).waitFor();
    await page.getByText(PIX_KEY, { exact: true }).waitFor();
    await page.getByRole("img", { name: /QR Code PIX/ }).waitFor();
    await shot(page, "payments-pix-manual-mobile");
    await page.getByRole("link", { name: "Confirmar Pagamento" }).click();
    await page.waitForURL(/\/payment\/success\?order_id=[0-9a-f]{64}(&|$)/);
    await page.getByRole("heading", { name: "Aguardando confirmação do pagamento" }).waitFor();

    const admin = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await admin.context.addInitScript((token) => window.localStorage.setItem("token", token), adminToken);
    const a = admin.page;
    await visit(a, "/admin/dashboard");
    const revenue = a.locator("dt", { hasText: /^Receita$/ }).locator("xpath=following-sibling::dd[1]");
    await revenue.filter({ hasText: "R$" }).waitFor();
    const before = (await revenue.textContent()) ?? "";

    await a.getByRole("navigation", { name: "Áreas da administração" }).getByRole("link", { name: "Pedidos" }).click();
    const row = a.getByRole("row").filter({ hasText: buyer });
    await row.getByRole("button", { name: "Marcar como pago" }).click();
    await a.getByRole("dialog").getByRole("button", { name: "Marcar como pago" }).click();
    await row.getByText("Pago", { exact: true }).waitFor();

    await a.getByRole("navigation", { name: "Áreas da administração" }).getByRole("link", { name: "Painel" }).click();
    await revenue.filter({ hasNotText: before }).waitFor();
    const parse = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
    assert.equal(Math.round((parse((await revenue.textContent()) ?? "") - parse(before)) * 100), PRICE * 100);

    // The visitor's page reads the order again while it is pending: it turns to approved by itself.
    await page.getByRole("heading", { name: "Pagamento Aprovado!" }).waitFor({ timeout: 20_000 });
    await shot(page, "payments-pix-manual-approved-mobile");
    assert.deepEqual(visitor.errors, []);
    assert.deepEqual(admin.errors, []);
    await visitor.context.close();
    await admin.context.close();
  });

  test("(c) PIX via Mercado Pago: simulator → Aprovar → Pagamento Aprovado!", async () => {
    const seller = await createModel("Marina", 30, true);
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, `/checkout/${seller.productId}`);
    await page.getByRole("heading", { name: "Ensaio Marina" }).waitFor();
    await fillBuyer(page, `Cliente MP ${tag}`);
    await page.getByLabel("PIX via Mercado Pago").check();
    await page.getByRole("button", { name: "Pagar com PIX" }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.url));
    await page.getByRole("button", { name: "Aprovar" }).click();
    await page.waitForURL(/\/payment\/success\?order_id=[0-9a-f]{64}(&|$)/);
    await page.getByRole("heading", { name: "Pagamento Aprovado!" }).waitFor({ timeout: 20_000 });
    await page.getByText("Seu produto será liberado em breve.").waitFor();
    await shot(page, "payments-mp-approved-desktop");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("(e) the order page is reached by its token only: the sequential id finds no order", async () => {
    const seller = await createModel("Otavia", 30, true);
    const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile: true });
    const page = visitor.page;
    await visit(page, `/checkout/${seller.productId}`);
    await page.getByRole("heading", { name: "Ensaio Otavia" }).waitFor();
    await fillBuyer(page, `Cliente Token ${tag}`);
    await page.getByRole("button", { name: "Gerar PIX" }).click();
    const panel = page.locator("[data-order-id]");
    await panel.waitFor();
    const orderId = Number(await panel.getAttribute("data-order-id"));
    assert.ok(orderId > 0);
    await page.getByRole("link", { name: "Confirmar Pagamento" }).click();
    await page.waitForURL(/\/payment\/success\?order_id=[0-9a-f]{64}$/);
    await page.getByRole("heading", { name: "Aguardando confirmação do pagamento" }).waitFor();
    const tokenUrl = new URL(page.url());
    await shot(page, "security/order-page-token-390");

    for (const guess of [String(orderId), String(orderId - 1), "1"]) {
      await visit(page, `/payment/success?order_id=${guess}`);
      await page.getByRole("heading", { name: "Pedido não encontrado" }).waitFor();
      assert.equal(await page.getByText("Ensaio Otavia").count(), 0, guess);
      const api = await fetch(`${e2e.site.baseUrl}/api/payments/orders/${guess}`);
      assert.equal(api.status, 404, guess);
    }
    await shot(page, "security/order-page-sequential-id-390");

    const desktop = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(desktop.page, `${tokenUrl.pathname}${tokenUrl.search}`);
    await desktop.page.getByRole("heading", { name: "Aguardando confirmação do pagamento" }).waitFor();
    await shot(desktop.page, "security/order-page-token-1280");
    await visit(desktop.page, `/payment/success?order_id=${orderId}`);
    await desktop.page.getByRole("heading", { name: "Pedido não encontrado" }).waitFor();
    await shot(desktop.page, "security/order-page-sequential-id-1280");
    assert.deepEqual(visitor.errors, []);
    assert.deepEqual(desktop.errors, []);
    await visitor.context.close();
    await desktop.context.close();
  });

  test("(d) renewal by Pix confirms itself; without Mercado Pago the static QR and the receipt instruction", async () => {
    const model = await createModel("Paula", -1, false);
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await context.addInitScript((token) => window.localStorage.setItem("modelToken", token), model.token);
    // Her dashboard listens to her own stream (a ticket from her session), never the visitors' one.
    const streams: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/models\/(events|own-events)$/.test(pathname)) streams.push(pathname);
    });
    await visit(page, "/dashboard");
    const banner = page.locator('[data-payment-status="expired"]');
    await banner.getByRole("button", { name: "Renovar agora" }).click();
    const dialog = page.getByRole("dialog", { name: "Renovar plano" });
    await dialog.getByLabel(/Pix \(QR Code\)/).check();
    await dialog.getByRole("button", { name: "Gerar QR Code Pix" }).click();
    await dialog.locator('[data-pix-state="pending"]').waitFor();
    await dialog.getByRole("img", { name: /QR Code PIX/ }).waitFor();
    assert.match((await dialog.getByRole("timer").textContent()) ?? "", /^(29|30):\d\d$/);
    assert.match(await dialog.getByRole("textbox", { name: "Pix copia e cola" }).inputValue(), /^000201/);
    await shot(page, "payments-renewal-pix-desktop");

    const [ticket] = await Promise.all([
      context.waitForEvent("page"),
      dialog.getByRole("link", { name: "Abrir página do pagamento" }).click(),
    ]);
    await ticket.getByRole("button", { name: "Aprovar" }).click();
    await dialog.locator('[data-pix-state="paid"]').getByText("Pagamento confirmado").waitFor({ timeout: 20_000 });
    await banner.waitFor({ state: "detached", timeout: 20_000 });
    // Verified: nothing but the plan kept her off, so she is told she is back at once.
    await dialog.getByText("Seu perfil volta ao site em instantes.", { exact: false }).waitFor();
    await shot(page, "payments/renewal-pix-paid-verified-1280", { fullPage: false });
    assert.equal(await publicStatus(model.modelId), 200);
    assert.ok(streams.includes("/api/models/own-events"), streams.join());
    assert.ok(!streams.includes("/api/models/events"), streams.join());
    await dialog.getByRole("button", { name: "Concluir" }).click();
    await ticket.close();

    // Mercado Pago switched off: the same option shows the site's static QR and what to do after paying.
    await setSetting("mp_access_token_test", "");
    try {
      await page.getByRole("region", { name: "Pagamentos" }).getByRole("button", { name: "Renovar Plano" }).click();
      await dialog.getByLabel(/Pix \(QR Code\)/).check();
      await dialog.getByRole("button", { name: "Gerar QR Code Pix" }).click();
      await dialog.locator('[data-pix-state="static"]').waitFor();
      await dialog.getByText("Depois de pagar, envie o comprovante ao suporte.").waitFor();
      await dialog.getByRole("img", { name: /QR Code PIX/ }).waitFor();
    } finally {
      await setSetting("mp_access_token_test", "TEST-e2e-token");
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("(e) renewal by Pix before her identity is verified: paid, and told the profile waits for the verification", async () => {
    const model = await createModel("Rebeca", -1, false, false);
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      await context.addInitScript((token) => window.localStorage.setItem("modelToken", token), model.token);
      await visit(page, "/dashboard");
      await page.getByRole("region", { name: "Verificação de identidade" }).waitFor();
      await page.getByRole("region", { name: "Pagamentos" }).getByRole("button", { name: "Renovar Plano" }).click();
      const dialog = page.getByRole("dialog", { name: "Renovar plano" });
      await dialog.getByLabel(/Pix \(QR Code\)/).check();
      await dialog.getByRole("button", { name: "Gerar QR Code Pix" }).click();
      const [ticket] = await Promise.all([
        context.waitForEvent("page"),
        dialog.getByRole("link", { name: "Abrir página do pagamento" }).click(),
      ]);
      await ticket.getByRole("button", { name: "Aprovar" }).click();
      const paid = dialog.locator('[data-pix-state="paid"]');
      await paid.getByText("Pagamento confirmado").waitFor({ timeout: 20_000 });
      await paid
        .getByText("Seu perfil aparece no site assim que sua identidade for verificada.", { exact: false })
        .waitFor();
      assert.equal(await paid.getByText("em instantes", { exact: false }).count(), 0);
      // The dashboard behind the dialog has read her new plan (its "Renovar Plano" turns secondary) before axe runs.
      await page.getByText("Seu plano está ativo até", { exact: false }).waitFor();
      assert.deepEqual(await axeSeriousFindings(page), []);
      assert.equal(await publicStatus(model.modelId), 404);
      await shot(page, `payments/renewal-pix-paid-unverified-${mobile ? 390 : 1280}`, { fullPage: false });
      await ticket.close();
      await paid.getByRole("link", { name: "Ir para a verificação de identidade" }).click();
      await page.waitForURL("**/dashboard/verificacao");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("(f) renewal offers every active plan, the highlighted one chosen; she picks another and pays that one", async () => {
    const highlighted = `Plano Ouro ${tag}`;
    const weekly = `Plano Semanal ${tag}`;
    await call("POST", "/api/admin/plans", {
      name: highlighted,
      price: "89,90",
      period_type: "monthly",
      highlight: true,
      payment_methods: ["pix", "cartao", "boleto"],
      active: true,
    });
    await call("POST", "/api/admin/plans", {
      name: weekly,
      price: "29,90",
      period_type: "weekly",
      highlight: false,
      payment_methods: ["pix"],
      active: true,
    });
    await call("POST", "/api/admin/plans", {
      name: `Plano Antigo ${tag}`,
      price: "9,90",
      period_type: "weekly",
      payment_methods: ["pix"],
      active: false,
    });
    const model = await createModel("Priscila", -1, false);
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      await context.addInitScript((token) => window.localStorage.setItem("modelToken", token), model.token);
      await visit(page, "/dashboard");
      await page.locator('[data-payment-status="expired"]').getByRole("button", { name: "Renovar agora" }).click();
      const dialog = page.getByRole("dialog", { name: "Renovar plano" });
      const plans = dialog.getByRole("group", { name: "Plano" });
      await plans.getByRole("radio").first().waitFor();
      // formatBRL writes "R$" and the amount with a no-break space.
      const names = (await plans.locator("label").allTextContents()).map((n) => n.replace(/\s+/g, " "));
      assert.ok(
        names.some((n) => n.includes(highlighted) && n.includes("Destaque")),
        names.join(" | "),
      );
      assert.ok(
        names.some((n) => n.includes(weekly) && n.includes("R$ 29,90")),
        names.join(" | "),
      );
      assert.ok(!names.some((n) => n.includes("Plano Antigo")), "an inactive plan is not offered");
      assert.equal(await plans.getByRole("radio", { name: new RegExp(highlighted) }).isChecked(), true);
      await shot(page, `payments-renewal-plans-${mobile ? 390 : 1280}`);
      if (mobile) {
        assert.deepEqual(errors, []);
        await context.close();
        continue;
      }
      // The weekly plan takes only Pix: the checkout for card or boleto is not offered with it.
      await plans.getByRole("radio", { name: new RegExp(weekly) }).check();
      assert.equal(await dialog.getByLabel(/Cartão ou boleto/).count(), 0);
      await dialog.getByLabel(/Pix \(QR Code\)/).check();
      await dialog.getByRole("button", { name: "Gerar QR Code Pix" }).click();
      await dialog.locator('[data-pix-state="pending"]').waitFor();
      await dialog.getByText("R$ 29,90").first().waitFor();
      const charged = [...fake.payments.values()].at(-1)!;
      assert.equal(charged.transaction_amount, 29.9, "the chosen plan's price, read by the server");
      assert.match(String(charged.description), new RegExp(weekly));
      await shot(page, `payments-renewal-chosen-plan-pix-1280`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
