import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { AdminSettingsResponse, AuditLogResponse } from "@vitrine/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { addDays, todayInSaoPaulo } from "../apps/server/src/lib/dates";
import { buildPayment } from "../apps/server/src/test/factories";
import { callApi } from "./admin-catalog-support";
import { useSite } from "./fixtures";
import { adminApiToken, shot as takeShot, visit } from "./harness";
import { newPage } from "./public-support";

/**
 * Money as an admin reads and types it: the static QR's "Valor" takes "49,90" as R$ 49,90 and says so before
 * generating; the model's payment modals propose her plan's price and show plan and amount before generating; the
 * payment history names methods in Portuguese; the audit log names fields in Portuguese, values in words and
 * times in São Paulo time. Screenshots of each screen at 390 and 1280 px land in .screenshots/admin-money/.
 */
const id = randomUUID().slice(0, 8);
const SHOTS = "admin-money";
const CPF = "52998224725";
const PLANS = [
  { name: `Semanal ${id}`, price: 29.9, period_type: "weekly" },
  { name: `Mensal ${id}`, price: 99.9, period_type: "monthly" },
  { name: `Anual ${id}`, price: 899, period_type: "yearly" },
];
const MODEL = {
  username: `dinheiro_${id}`,
  name: `Carla ${id}`,
  email: `carla-${id}@e2e.local`,
  password: "senha-segura-123",
  age: 27,
  estado_id: 35,
  municipio_id: 3550308,
  category_id: 1,
  whatsapp: "11987654321",
};

const e2e = useSite({});
let token = "";
let modelId = 0;
const planIds: number[] = [];
const open: { context?: BrowserContext; errors: string[] } = { errors: [] };

const api = <T>(method: string, pathname: string, body?: unknown) =>
  callApi<T>(e2e.site.baseUrl, token, method, pathname, body);

async function signIn(): Promise<void> {
  token = await adminApiToken(e2e.site.baseUrl);
}

/** A fresh page at 1280 px (or 390 px) signed in as the admin. */
async function openAdmin(pathname: string, mobile = false): Promise<Page> {
  await open.context?.close();
  const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
  context.setDefaultTimeout(60_000);
  await context.addInitScript((t) => window.localStorage.setItem("token", t), token);
  Object.assign(open, { context, errors });
  await visit(page, pathname);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  // The modal's opening animation ends first.
  await takeShot(page, `${SHOTS}/${name}`, { fullPage: false, settle: 300 });
}

/** The "pt-BR" text of an amount as screens show it, with any space as a plain one. */
const plain = (text: string | null) => (text ?? "").replace(/[\s\u00a0]+/g, " ").trim();

before(async () => {
  await signIn();
  const { settings } = await api<AdminSettingsResponse>("GET", "/api/admin/settings");
  const cpf = settings.find((s) => s.setting_key === "pix_cpf");
  if (cpf) await api("PUT", `/api/admin/settings/${cpf.id}`, { value: CPF });
  else await api("POST", "/api/admin/settings", { setting_key: "pix_cpf", setting_value: CPF });
  for (const plan of PLANS) {
    const { plan: created } = await api<{ plan: { id: number } }>("POST", "/api/admin/plans", plan);
    planIds.push(created.id);
  }
  ({
    model: { id: modelId },
  } = await api<{ model: { id: number } }>("POST", "/api/admin/models", MODEL));
  // Her plan is the monthly one (R$ 99,90).
  await api("PATCH", `/api/admin/models/${modelId}/plan`, { plan_id: planIds[1] });
  // A renewal she paid herself by Pix through Mercado Pago, as the provider's webhook records it (the webhook path
  // itself is e2e/payments.spec.ts): the server's own factory writes it, the site stopped and started again on
  // its data directory (fixtures.ts).
  await e2e.write(async (app) => {
    await buildPayment(app, {
      modelId,
      planId: planIds[1],
      planName: PLANS[1].name,
      periodType: "monthly",
      amountCents: 9990,
      method: "mercadopago_pix",
      description: "Renovação",
      status: "paid",
      dueDate: addDays(todayInSaoPaulo(), 30),
      paidAt: new Date(),
      paymentId: `mp-${id}`,
    });
  });
  await signIn();
});

after(async () => {
  await open.context?.close();
});

describe("admin: money typed and read in Portuguese", () => {
  test('QRCode PIX Estático: "49,90" typed in Valor is R$ 49,90, stated before and in the code', async () => {
    for (const mobile of [false, true]) {
      const page = await openAdmin("/admin/pix-qr", mobile);
      await page.getByRole("heading", { name: "QRCode PIX Estático" }).waitFor();
      const amount = page.getByLabel("Valor (opcional)");
      await amount.pressSequentially("49,90");
      assert.equal(plain(await amount.inputValue()), "R$ 49,90");
      await page.getByText("Será cobrado: R$ 49,90").waitFor();
      await shot(page, `pix-qr-form-${mobile ? 390 : 1280}`);
      await page.getByRole("button", { name: "Gerar QRCode" }).click();
      const code = page.getByLabel("Código PIX (copia e cola)");
      await code.waitFor();
      const payload = await code.inputValue();
      // EMV field 54 (amount): "05" characters, "49.90".
      assert.ok(payload.includes("540549.90"), payload);
      await page.getByText("R$ 49,90").first().waitFor();
      await takeShot(page, `${SHOTS}/pix-qr-result-${mobile ? 390 : 1280}`);
      assert.deepEqual(open.errors, []);
    }
  });

  test("Gerar PIX (EMV): proposes her plan's price, shows plan and amount, and the code charges it", async () => {
    for (const mobile of [false, true]) {
      const page = await openAdmin(`/admin/models?q=${encodeURIComponent(MODEL.email)}`, mobile);
      const row = page.getByRole("row").filter({ hasText: MODEL.email });
      await row.getByRole("button", { name: `Ações: ${MODEL.name}` }).click();
      await page.getByRole("menuitem", { name: "Gerar PIX (EMV)" }).click();
      const dialog = page.getByRole("dialog", { name: "Gerar PIX (EMV)" });
      await dialog.waitFor();
      const plan = dialog.getByLabel("Plano", { exact: true });
      assert.equal(await plan.inputValue(), String(planIds[1]));
      assert.equal(plain(await dialog.getByLabel("Valor", { exact: true }).inputValue()), "R$ 99,90");
      await dialog.getByText("Será cobrado: R$ 99,90").waitFor();
      await shot(page, `models-pix-request-${mobile ? 390 : 1280}`);
      if (mobile) continue;
      await dialog.getByRole("button", { name: "Gerar PIX" }).click();
      const result = page.getByRole("dialog", { name: "PIX gerado" });
      await result.waitFor();
      assert.match(plain(await result.textContent()), new RegExp(`${PLANS[1].name} — R\\$ 99,90`));
      const payload = await result.getByLabel("PIX copia e cola").inputValue();
      assert.ok(payload.includes("540599.90"), payload);
      await shot(page, "models-pix-result-1280");
      assert.deepEqual(open.errors, []);
    }
  });

  test("Gerar link de pagamento: proposes her plan's price; another plan fills its price", async () => {
    for (const mobile of [false, true]) {
      const page = await openAdmin(`/admin/models?q=${encodeURIComponent(MODEL.email)}`, mobile);
      const row = page.getByRole("row").filter({ hasText: MODEL.email });
      await row.getByRole("button", { name: `Ações: ${MODEL.name}` }).click();
      await page.getByRole("menuitem", { name: "Gerar link de pagamento" }).click();
      const dialog = page.getByRole("dialog", { name: "Gerar link de pagamento" });
      await dialog.waitFor();
      const amount = dialog.getByLabel("Valor", { exact: true });
      assert.equal(plain(await amount.inputValue()), "R$ 99,90");
      await dialog.getByLabel("Plano", { exact: true }).selectOption(String(planIds[0]));
      assert.equal(plain(await amount.inputValue()), "R$ 29,90");
      await dialog.getByText("Será cobrado: R$ 29,90").waitFor();
      await dialog.getByLabel("Plano", { exact: true }).selectOption(String(planIds[2]));
      assert.equal(plain(await amount.inputValue()), "R$ 899,00");
      await shot(page, `models-link-request-${mobile ? 390 : 1280}`);
      assert.deepEqual(open.errors, []);
    }
  });

  test("Detalhes: the new payment proposes her plan's price; the history names the method in Portuguese", async () => {
    for (const mobile of [false, true]) {
      const page = await openAdmin(`/admin/models?q=${encodeURIComponent(MODEL.email)}`, mobile);
      const row = page.getByRole("row").filter({ hasText: MODEL.email });
      await row.getByRole("button", { name: `Ações: ${MODEL.name}` }).click();
      await page.getByRole("menuitem", { name: "Detalhes" }).click();
      const dialog = page.getByRole("dialog", { name: `Detalhes — ${MODEL.name}` });
      const history = dialog.getByRole("table", { name: "Pagamentos realizados" });
      await history.getByRole("cell", { name: "Pix (Mercado Pago)" }).waitFor();
      assert.ok(!(await history.textContent())?.includes("mercadopago"), "no raw method");
      const form = dialog.getByRole("form", { name: "Novo pagamento" });
      assert.equal(await form.getByLabel("Plano", { exact: true }).inputValue(), String(planIds[1]));
      assert.equal(plain(await form.getByLabel("Valor", { exact: true }).inputValue()), "R$ 99,90");
      await form.getByText("Será cobrado: R$ 99,90").waitFor();
      // Typed the Brazilian way, with thousands: what will be charged is stated.
      await form.getByLabel("Valor", { exact: true }).fill("");
      await form.getByLabel("Valor", { exact: true }).pressSequentially("1.234,56");
      await form.getByText("Será cobrado: R$ 1.234,56").waitFor();
      await form.getByRole("button", { name: "Registrar pagamento" }).scrollIntoViewIfNeeded();
      await shot(page, `models-details-${mobile ? 390 : 1280}`);
      assert.deepEqual(open.errors, []);
    }
  });

  test("Auditoria: Portuguese field names, values in words, times in São Paulo time", async () => {
    // A direct-login token records its expiry (a UTC timestamp) in the audit.
    await api("GET", `/api/admin/direct-login-token/${modelId}`);
    const { entries } = await api<AuditLogResponse>("GET", "/api/admin/audit-log?limit=50");
    const issued = entries.find((e) => e.action === "direct_login.issue");
    assert.ok(issued, "the direct login was audited");
    const saoPaulo = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    const expiresAt = saoPaulo.format(new Date(String(issued.changes.expires_at)));
    const createdAt = saoPaulo.format(new Date(issued.created_at));

    for (const mobile of [false, true]) {
      const page = await openAdmin("/admin/audit", mobile);
      const table = page.getByRole("table", { name: "Auditoria" });
      const loginRow = table.getByRole("row").filter({ hasText: "Login direto gerado" }).first();
      await loginRow.waitFor();
      const loginText = plain(await loginRow.textContent());
      assert.ok(loginText.includes(`Expira em: ${expiresAt}`), loginText);
      assert.ok(loginText.includes(createdAt), loginText);
      assert.ok(!/\d{4}-\d{2}-\d{2}T/.test(loginText), `no UTC timestamp: ${loginText}`);

      const planRow = table.getByRole("row").filter({ hasText: "Plano da modelo" }).first();
      const planText = plain(await planRow.textContent());
      assert.ok(planText.includes(`Plano: — → #${planIds[1]}`), planText);
      assert.ok(planText.includes(`Nome do plano: ${PLANS[1].name}`), planText);
      assert.ok(!/plan_id|null/.test(planText), `no raw field: ${planText}`);

      const created = table.getByRole("row").filter({ hasText: "Plano criado" }).first();
      const createdText = plain(await created.textContent());
      assert.ok(/Preço: R\$ \d/.test(createdText) && createdText.includes("Ativo: sim"), createdText);
      assert.ok(!/price|active|true|false/.test(createdText), `no raw field or value: ${createdText}`);
      await takeShot(page, `${SHOTS}/audit-${mobile ? 390 : 1280}`);
      assert.deepEqual(open.errors, []);
    }
  });
});
