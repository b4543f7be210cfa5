import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import type { AdminSettingsResponse } from "@vitrine/contracts";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { ADMIN, completeAdminSecondStep, confirmEmail, shot, visit } from "./harness";
import { adminToken as siteAdminToken, useSite } from "./fixtures";
import { newPage, overlayGone, viewportShot } from "./public-support";

/**
 * Gerenciar Modelos end to end, as an administrator: sign in → register a model in the modal → find her and
 * export the filtered CSV → switch her on (refused: no payment yet, the overdue modal opens) → quick payment →
 * she is active and on the public site → Login Direto opens her dashboard in a new tab → Detalhes lists the
 * payment, a new payment with a plan and a comma amount, a deletion → Gerar PIX (EMV) shows the QR and its code →
 * the payment link is refused without a provider → Excluir. The site's Pix key and one plan are set through the
 * admin API first.
 */
const SAO_PAULO = { estado_id: "35", municipio_id: "3550308", slug: "sao-paulo-sp" };
const id = randomUUID().slice(0, 8);
const MODEL = {
  name: `Bianca ${id}`,
  username: `bianca_${id}`,
  email: `bianca-${id}@e2e.local`,
  password: "senha-segura-123",
  whatsapp: "(11) 98765-4321",
};
const PLAN = { name: `Mensal E2E ${id}`, price: 59.9, period_type: "monthly" };

const e2e = useSite();
let adminToken = "";
let context: BrowserContext;
let page: Page;
let errors: string[];

async function adminApi<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2e.site.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `${method} ${pathname} answered ${res.status}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** The models table row of our model (the table is filtered to her by the search box). */
const row = () => page.getByRole("row").filter({ hasText: MODEL.email });
const toast = (text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

async function openRowMenu(): Promise<Locator> {
  await row()
    .getByRole("button", { name: `Ações: ${MODEL.name}` })
    .click();
  const menu = page.getByRole("menu", { name: `Ações: ${MODEL.name}` });
  await menu.waitFor();
  return menu;
}

before(async () => {
  // The admin session the worker's site already has, if another spec signed in (fixtures.ts).
  adminToken = await siteAdminToken(e2e.site);
  // Generate PIX needs one of the site's Pix keys; the plan gives the new-payment form something to choose.
  const { settings } = await adminApi<AdminSettingsResponse>("GET", "/api/admin/settings");
  const pixEmail = settings.find((s) => s.setting_key === "pix_email");
  if (pixEmail) await adminApi("PUT", `/api/admin/settings/${pixEmail.id}`, { value: "pix@vitrine.com.br" });
  else await adminApi("POST", "/api/admin/settings", { setting_key: "pix_email", setting_value: "pix@vitrine.com.br" });
  await adminApi("POST", "/api/admin/plans", PLAN);

  ({ context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true }));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.site.baseUrl });
});

after(async () => {
  await context?.close();
});

describe("admin: Gerenciar Modelos", () => {
  test("sign in, dashboard figures and quick actions, then the models page", async () => {
    await visit(page, "/admin/login");
    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await completeAdminSecondStep(page);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("heading", { name: "Painel Administrativo" }).waitFor();
    for (const label of ["Modelos", "Ativas", "Verificadas", "Pedidos", "Pedidos hoje", "Receita", "Receita hoje"]) {
      await page
        .locator("dt")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor();
    }
    await page
      .locator("dd")
      .filter({ hasText: /^R\$\s/ })
      .first()
      .waitFor();
    // The dashboard itself has no back button; every other admin page has one.
    assert.equal(await page.getByRole("link", { name: /Voltar ao painel/ }).count(), 0);
    await page
      .getByRole("link", { name: /Auditoria/ })
      .first()
      .waitFor();
    await page
      .getByRole("navigation", { name: "Ações rápidas" })
      .getByRole("link", { name: /Gerenciar Modelos/ })
      .click();
    await page.waitForURL("**/admin/models");
    await page.getByRole("heading", { name: "Gerenciar Modelos" }).waitFor();
    await page.getByRole("link", { name: /Voltar ao painel/ }).waitFor();
    await page.getByText(/Página 1 de \d+/).waitFor();
    assert.deepEqual(errors, []);
  });

  test("register a model in the modal; the search finds her, inactive and without payment; the CSV export", async () => {
    await page.getByRole("button", { name: "Cadastrar Modelo" }).click();
    const dialog = page.getByRole("dialog", { name: "Cadastrar Modelo" });
    await dialog.waitFor();
    // Every field is required: an empty submit shows the messages and sends nothing.
    await dialog.getByRole("button", { name: "Cadastrar", exact: true }).click();
    assert.ok((await dialog.locator('[aria-invalid="true"]').count()) >= 5);

    await dialog.getByLabel("Nome", { exact: true }).fill(MODEL.name);
    await dialog.getByLabel("Usuário", { exact: true }).fill(MODEL.username);
    await dialog.getByLabel("E-mail", { exact: true }).fill(MODEL.email);
    await dialog.locator('input[name="password"]').fill(MODEL.password);
    await dialog.getByLabel("Idade", { exact: true }).fill("17");
    await dialog.getByLabel("WhatsApp", { exact: true }).fill(MODEL.whatsapp);
    await dialog.getByLabel("Estado", { exact: true }).selectOption(SAO_PAULO.estado_id);
    const municipio = dialog.getByLabel("Município", { exact: true });
    await municipio.locator(`option[value="${SAO_PAULO.municipio_id}"]`).waitFor({ state: "attached" });
    await municipio.selectOption(SAO_PAULO.municipio_id);
    await dialog.getByLabel("Categoria", { exact: true }).selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Cadastrar", exact: true }).click();
    // Age 18 to 100: 17 is refused before anything is sent.
    assert.equal(await dialog.getByLabel("Idade", { exact: true }).getAttribute("aria-invalid"), "true");
    await dialog.getByLabel("Idade", { exact: true }).fill("27");
    await dialog.getByRole("button", { name: "Cadastrar", exact: true }).click();
    await toast("Modelo cadastrado com sucesso!").waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByLabel("Buscar", { exact: true }).fill(MODEL.email);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === MODEL.email);
    // Until the filtered page arrives the previous rows stay on screen (dimmed, aria-busy): wait for hers alone.
    await page.waitForFunction((email) => {
      const table = Array.from(document.querySelectorAll("table")).find((t) => t.caption?.textContent === "Modelos");
      if (!table || table.closest('[aria-busy="true"]')) return false;
      const rows = table.querySelectorAll("tbody tr");
      return rows.length === 1 && !!rows[0].textContent?.includes(email);
    }, MODEL.email);
    assert.equal(
      await page.getByRole("table", { name: "Modelos", exact: true }).getByRole("row").count(),
      2,
      "header and hers",
    );
    await row().getByText("São Paulo/SP").waitFor();
    await row().getByText("Sem pagamento").waitFor();
    const active = row().getByRole("switch", { name: `Ativa: ${MODEL.name}` });
    assert.equal(await active.getAttribute("aria-checked"), "false");

    // "Exportar CSV" exports what the filters select: her alone, for Excel (BOM, ";").
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exportar CSV" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^modelos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    assert.equal(csv.charCodeAt(0), 0xfeff);
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, 2, "header and her");
    assert.ok(lines[0].includes(";"));
    assert.ok(lines[1].includes(MODEL.email));
    assert.deepEqual(errors, []);
  });

  test("the row menu works by keyboard", async () => {
    const button = row().getByRole("button", { name: `Ações: ${MODEL.name}` });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu", { name: `Ações: ${MODEL.name}` });
    await menu.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    assert.equal(await focused(), "Detalhes");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focused(), "Login Direto");
    await page.keyboard.press("End");
    assert.equal(await focused(), "Excluir");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focused(), "Detalhes", "the arrows wrap around");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    for (const item of [
      "Detalhes",
      "Login Direto",
      "Gerar link de pagamento",
      "Gerar PIX (EMV)",
      "WhatsApp",
      "Excluir",
    ]) {
      await page.keyboard.press("Enter");
      await menu.getByRole("menuitem", { name: item, exact: true }).waitFor();
      await page.keyboard.press("Escape");
    }
  });

  test("switching her on opens the overdue modal; the quick payment activates her", async () => {
    const active = row().getByRole("switch", { name: `Ativa: ${MODEL.name}` });
    await active.click();
    const overdue = page.getByRole("dialog", { name: "Pagamento vencido" });
    await overdue.waitFor();
    await overdue.getByText("ainda não tem nenhum pagamento registrado").waitFor();
    assert.equal(await active.getAttribute("aria-checked"), "false");
    await overdue.getByRole("button", { name: "Fazer Pagamento" }).click();

    const quick = page.getByRole("dialog", { name: "Pagamento rápido" });
    await quick.waitFor();
    await quick.getByText(/^R\$\s100,00$/).waitFor();
    // No plan: the fixed amount and a month from today.
    const due = await quick.getByLabel("Novo vencimento").inputValue();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const days = Math.round((Date.parse(due) - Date.parse(today)) / 86_400_000);
    assert.equal(days, 30, `due ${due}, today ${today}`);
    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && /\/api\/admin\/models\/\d+\/payments$/.test(r.url()),
    );
    await quick.getByRole("button", { name: "Confirmar pagamento" }).click();
    await toast("Pagamento realizado e modelo ativado com sucesso!").waitFor();
    await quick.waitFor({ state: "detached" });
    // The form names its payment with an Idempotency-Key: the same request again (a retry whose answer got lost)
    // answers the same payment and records nothing more.
    const request = await posted;
    const key = request.headers()["idempotency-key"] ?? "";
    assert.match(key, /^[0-9a-f-]{32,36}$/);
    const first = await (await request.response())?.json();
    const again = await fetch(request.url(), {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json", "idempotency-key": key },
      body: request.postData(),
    });
    assert.equal(again.status, 201);
    assert.deepEqual(await again.json(), first);
    const { payments } = await adminApi<{ payments: unknown[] }>(
      "GET",
      `/api/admin/models/${first.payment.model_id}/payments`,
    );
    assert.equal(payments.length, 1);
    await page.waitForFunction(
      (name) =>
        document.querySelector(`[role="switch"][aria-label="Ativa: ${name}"]`)?.getAttribute("aria-checked") === "true",
      MODEL.name,
    );
    await overlayGone(page);
    await shot(page, "admin-models-after-quick-payment-desktop");
    assert.deepEqual(errors, []);
  });

  test("verified by the admin's switch, she now appears on the public site", async () => {
    // The account the admin registered was sent a confirmation link: she opens it (public only once confirmed).
    await confirmEmail(e2e.site, MODEL.email);
    const verified = row().getByRole("switch", { name: `Verificada: ${MODEL.name}` });
    await verified.click();
    await page.waitForFunction(
      (name) =>
        document.querySelector(`[role="switch"][aria-label="Verificada: ${name}"]`)?.getAttribute("aria-checked") ===
        "true",
      MODEL.name,
    );
    const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(visitor.page, `/cidade/${SAO_PAULO.slug}`);
    await visitor.page.getByTestId("model-card").filter({ hasText: MODEL.name }).first().waitFor();
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
  });

  test("Login Direto opens her dashboard in a new tab, signed in as her", async () => {
    const menu = await openRowMenu();
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      menu.getByRole("menuitem", { name: "Login Direto" }).click(),
    ]);
    await tab.waitForURL("**/dashboard", { timeout: 60_000 });
    await tab.getByText(`Bem-vinda, ${MODEL.name}!`).waitFor();
    await tab.close();
    // The admin's own tab stays the admin's.
    await page.getByRole("heading", { name: "Gerenciar Modelos" }).waitFor();
    assert.deepEqual(errors, []);
  });

  test("Detalhes: the paid payment, a new one with a plan and a comma amount, then a deletion", async () => {
    const menu = await openRowMenu();
    await menu.getByRole("menuitem", { name: "Detalhes" }).click();
    const dialog = page.getByRole("dialog", { name: `Detalhes — ${MODEL.name}` });
    const paid = dialog.getByRole("table", { name: "Pagamentos realizados" });
    await paid.getByRole("cell", { name: /^R\$\s100,00$/ }).waitFor();

    await dialog.getByLabel("Plano", { exact: true }).selectOption({ label: `${PLAN.name} — R$ 59,90 (Mensal)` });
    const amount = dialog.getByLabel("Valor", { exact: true });
    assert.equal(await amount.inputValue(), "R$ 59,90");
    await amount.fill("0");
    await dialog.getByRole("button", { name: "Registrar pagamento" }).click();
    await dialog.getByText("Valor inválido. Use números (ex.: 59.90)").waitFor();
    await amount.fill("59,90");
    await dialog.getByLabel("Descrição").fill("Renovação E2E");
    await dialog.getByRole("button", { name: "Registrar pagamento" }).click();
    await toast("Pagamento registrado com sucesso!").waitFor();
    await paid.getByRole("cell", { name: /^R\$\s59,90$/ }).waitFor();
    await paid.getByRole("cell", { name: PLAN.name }).waitFor();

    await paid.getByRole("button", { name: /^Excluir pagamento de R\$\s59,90/ }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir pagamento" });
    await confirm.getByText("Tem certeza que deseja deletar este pagamento?").waitFor();
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await toast("Pagamento excluído com sucesso").waitFor();
    await paid.getByRole("cell", { name: /^R\$\s59,90$/ }).waitFor({ state: "detached" });
    await paid.getByRole("cell", { name: /^R\$\s100,00$/ }).waitFor();
    // The toasts (top right, 4 s each) cover the dialog's close button: she closes them first rather than wait.
    await page
      .getByRole("list", { name: "Notificações" })
      .evaluate((list) =>
        list.querySelectorAll<HTMLButtonElement>('[aria-label="Fechar notificação"]').forEach((b) => b.click()),
      );
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(errors, []);
  });

  test("Gerar PIX (EMV) proposes her plan's price, then shows the QR image and the copy-and-paste code", async () => {
    const menu = await openRowMenu();
    await menu.getByRole("menuitem", { name: "Gerar PIX (EMV)" }).click();
    const request = page.getByRole("dialog", { name: "Gerar PIX (EMV)" });
    assert.equal(await request.getByLabel("Valor", { exact: true }).inputValue(), "R$ 59,90");
    await request.getByRole("button", { name: "Gerar PIX" }).click();
    const dialog = page.getByRole("dialog", { name: "PIX gerado" });
    await dialog.waitFor();
    const qr = dialog.getByRole("img", { name: /QR Code PIX/ });
    await qr.waitFor();
    assert.match((await qr.getAttribute("src")) ?? "", /^data:image\/png;base64,/);
    assert.equal(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true);
    const payload = await dialog.getByLabel("PIX copia e cola").inputValue();
    assert.match(payload, /^000201/);
    assert.ok(payload.includes("pix@vitrine.com.br"));
    assert.ok(payload.includes("540559.90"), "her plan's price, R$ 59,90");
    await dialog.getByRole("button", { name: "Copiar" }).click();
    await dialog.getByText("Copiado!").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), payload);
    const whatsapp = dialog.getByRole("link", { name: "Enviar por WhatsApp" });
    assert.match((await whatsapp.getAttribute("href")) ?? "", /^https:\/\/wa\.me\/5511987654321\?text=/);
    await viewportShot(page, "admin-models-pix-desktop");
    await dialog.getByRole("button", { name: "Fechar" }).click();
    assert.deepEqual(errors, []);
  });

  test("without a payment provider the link is refused with the catalogue's message", async () => {
    const menu = await openRowMenu();
    await menu.getByRole("menuitem", { name: "Gerar link de pagamento" }).click();
    const request = page.getByRole("dialog", { name: "Gerar link de pagamento" });
    await request.getByRole("button", { name: "Gerar link" }).click();
    await request
      .getByRole("alert")
      .filter({ hasText: /^Erro ao gerar link de pagamento/ })
      .waitFor();
    await request.getByRole("button", { name: "Cancelar" }).click();
    assert.equal(await page.getByRole("dialog").count(), 0);
  });

  test("the models page at 390 px: the table scrolls inside its card, the page does not", async () => {
    const phone = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await phone.context.addInitScript((t) => window.localStorage.setItem("token", t), adminToken);
    await visit(phone.page, "/admin/models");
    await phone.page.getByRole("table", { name: "Modelos", exact: true }).waitFor();
    await phone.page.getByText(MODEL.email).first().waitFor();
    const widths = await phone.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      table: document.querySelector("table")!.scrollWidth,
    }));
    assert.equal(widths.page, widths.viewport);
    assert.ok(widths.table > widths.viewport);
    await overlayGone(phone.page);
    await shot(phone.page, "admin-models-phone");
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });

  test("Excluir asks first, then removes her from the table", async () => {
    const menu = await openRowMenu();
    await menu.getByRole("menuitem", { name: "Excluir" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir modelo" });
    await confirm.waitFor();
    // Focus starts on Cancelar, so a reflex Enter deletes nothing.
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    await row().waitFor();
    await (await openRowMenu()).getByRole("menuitem", { name: "Excluir" }).click();
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await toast("Modelo excluída com sucesso").waitFor();
    await row().waitFor({ state: "detached" });
    await page.getByText("Nenhuma modelo encontrada com esses filtros.").waitFor();
    assert.deepEqual(errors, []);
  });
});
