import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { AdminModelResponse, ModelPaymentsResponse } from "@vitrine/contracts";
import type { BrowserContext, Page, Request } from "playwright-core";
import { callApi } from "./admin-catalog-support";
import { shot as takeShot, visit } from "./harness";
import { adminToken, useSite } from "./fixtures";
import { newPage } from "./public-support";

/**
 * "A plan payment was paid" as the admin records it: choosing a plan in the new-payment form changes nothing on
 * the server until the form is sent; a payment not received yet is marked paid from the details; the overdue
 * modal's quick payment is one request that records the payment and activates the model. Screenshots at 390
 * and 1280 px land in .screenshots/paid-command/.
 */
const id = randomUUID().slice(0, 8);
const SHOTS = "paid-command";
const PLAN = { name: `Mensal ${id}`, price: 79.9, period_type: "monthly" };
const model = (name: string) => ({
  username: `${name.toLowerCase()}_${id}`,
  name: `${name} ${id}`,
  email: `${name.toLowerCase()}-${id}@e2e.local`,
  password: "senha-segura-123",
  age: 29,
  estado_id: 35,
  municipio_id: 3550308,
  category_id: 1,
  whatsapp: "11987654321",
});
const PAYING = model("Renata");
const OVERDUE = model("Luana");

const e2e = useSite();
let token = "";
let payingId = 0;
let overdueId = 0;
const open: { context?: BrowserContext; errors: string[] } = { errors: [] };

const api = <T>(method: string, pathname: string, body?: unknown) =>
  callApi<T>(e2e.site.baseUrl, token, method, pathname, body);

/** A fresh page at 1280 px (or 390 px) signed in as the admin, recording every request to the API. */
async function openAdmin(pathname: string, mobile = false): Promise<{ page: Page; requests: Request[] }> {
  await open.context?.close();
  const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
  context.setDefaultTimeout(60_000);
  await context.addInitScript((t) => window.localStorage.setItem("token", t), token);
  Object.assign(open, { context, errors });
  const requests: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(r);
  });
  await visit(page, pathname);
  return { page, requests };
}

/** The requests that may change something on the server (anything but GET and HEAD). */
const writes = (requests: Request[]) =>
  requests
    .filter((r) => !["GET", "HEAD"].includes(r.method()))
    .map((r) => `${r.method()} ${new URL(r.url()).pathname}`);

async function shot(page: Page, name: string): Promise<void> {
  // The modal's opening animation ends first.
  await takeShot(page, `${SHOTS}/${name}`, { fullPage: false, settle: 300 });
}

async function openDetails(page: Page, name: string) {
  await page.getByRole("button", { name: `Ações: ${name}` }).click();
  await page.getByRole("menuitem", { name: "Detalhes", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Detalhes — ${name}` });
  await dialog.waitFor();
  return dialog;
}

before(async () => {
  token = await adminToken(e2e.site);
  await api("POST", "/api/admin/plans", PLAN);
  ({
    model: { id: payingId },
  } = await api<AdminModelResponse>("POST", "/api/admin/models", PAYING));
  ({
    model: { id: overdueId },
  } = await api<AdminModelResponse>("POST", "/api/admin/models", OVERDUE));
  // A cash payment the admin recorded as not received yet.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const due = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
  await api("POST", `/api/admin/models/${payingId}/payments`, {
    amount: "45,50",
    method: "cash",
    status: "pending",
    description: "A receber",
    due_date: due,
  });
});

after(async () => {
  await open.context?.close();
});

describe("admin: a plan payment was paid", () => {
  test("choosing a plan in the new-payment form sends nothing until the form is submitted", async () => {
    const { page, requests } = await openAdmin(`/admin/models?q=${encodeURIComponent(PAYING.email)}`);
    const dialog = await openDetails(page, PAYING.name);
    const form = dialog.getByRole("form", { name: "Novo pagamento" });
    const before = writes(requests).length;
    const plan = form.getByLabel("Plano", { exact: true });
    const value = await plan.locator("option", { hasText: PLAN.name }).getAttribute("value");
    await plan.selectOption(value!);
    await plan.selectOption("");
    await plan.selectOption(value!);
    await page.waitForTimeout(1000);
    assert.deepEqual(writes(requests).slice(before), [], "no request that writes");
    const { model: after } = await api<ModelPaymentsResponse>("GET", `/api/admin/models/${payingId}/payments`);
    assert.equal(after.plan_id, null, "her plan is still none");
    assert.deepEqual(open.errors, []);
  });

  test("a payment not received yet is listed and marked paid from the details", async () => {
    for (const mobile of [false, true]) {
      const { page } = await openAdmin(`/admin/models?q=${encodeURIComponent(PAYING.email)}`, mobile);
      const dialog = await openDetails(page, PAYING.name);
      await dialog
        .getByRole("table", { name: "Pagamentos em aberto" })
        .getByText("A receber")
        .or(dialog.getByRole("table", { name: "Pagamentos em aberto" }).getByText(/R\$\s45,50/))
        .first()
        .waitFor();
      await shot(page, `details-open-payments-${mobile ? 390 : 1280}`);
    }
    const { page, requests } = await openAdmin(`/admin/models?q=${encodeURIComponent(PAYING.email)}`);
    const dialog = await openDetails(page, PAYING.name);
    const openTable = dialog.getByRole("table", { name: "Pagamentos em aberto" });
    await openTable.getByRole("button", { name: /Marcar como pago/ }).click();
    const confirm = page.getByRole("dialog", { name: "Marcar como pago" });
    await confirm.waitFor();
    await shot(page, "mark-paid-confirm-1280");
    await confirm.getByRole("button", { name: "Marcar como pago" }).click();
    await page.locator("[data-toast-type]").filter({ hasText: "Pagamento marcado como pago" }).first().waitFor();
    await openTable.getByText("Nenhum pagamento em aberto.").waitFor();
    await dialog
      .getByRole("table", { name: "Pagamentos realizados" })
      .getByText(/R\$\s45,50/)
      .waitFor();
    assert.deepEqual(
      writes(requests).filter((w) => w.includes("/model-payments/")),
      [`PATCH /api/admin/model-payments/${(await paymentsOf(payingId))[0].id}/status`],
    );
    const { model: paid } = await api<ModelPaymentsResponse>("GET", `/api/admin/models/${payingId}/payments`);
    assert.notEqual(paid.next_due_date, null, "the payment moved her due date");
    assert.deepEqual(open.errors, []);
  });

  test("the quick payment is one request: paid and activated together", async () => {
    for (const mobile of [true, false]) {
      const { page, requests } = await openAdmin(`/admin/models?q=${encodeURIComponent(OVERDUE.email)}`, mobile);
      await page.getByRole("switch", { name: `Ativa: ${OVERDUE.name}` }).click();
      const overdue = page.getByRole("dialog", { name: "Pagamento vencido" });
      await overdue.getByRole("button", { name: "Fazer Pagamento" }).click();
      const quick = page.getByRole("dialog", { name: "Pagamento rápido" });
      await quick.getByLabel("Plano", { exact: true }).locator("option", { hasText: PLAN.name }).waitFor({
        state: "attached",
      });
      const plan = quick.getByLabel("Plano", { exact: true });
      await plan.selectOption((await plan.locator("option", { hasText: PLAN.name }).getAttribute("value"))!);
      await shot(page, `quick-payment-${mobile ? 390 : 1280}`);
      if (mobile) {
        await quick.getByRole("button", { name: "Cancelar" }).click();
        continue;
      }
      const before = writes(requests).length;
      await quick.getByRole("button", { name: "Confirmar pagamento" }).click();
      await page
        .locator("[data-toast-type]")
        .filter({ hasText: "Pagamento realizado e modelo ativado com sucesso!" })
        .first()
        .waitFor();
      await page.waitForFunction(
        (name) =>
          document.querySelector(`[role="switch"][aria-label="Ativa: ${name}"]`)?.getAttribute("aria-checked") ===
          "true",
        OVERDUE.name,
      );
      assert.deepEqual(writes(requests).slice(before), [`POST /api/admin/models/${overdueId}/payments`]);
      const sent = requests.find((r) => r.method() === "POST" && r.url().endsWith(`/models/${overdueId}/payments`));
      assert.equal(sent?.postDataJSON().activate, true);
    }
    const { model: activated } = await api<ModelPaymentsResponse>("GET", `/api/admin/models/${overdueId}/payments`);
    assert.notEqual(activated.plan_id, null, "the chosen plan is hers");
    assert.deepEqual(open.errors, []);
  });
});

async function paymentsOf(modelId: number) {
  return (await api<ModelPaymentsResponse>("GET", `/api/admin/models/${modelId}/payments`)).payments;
}
