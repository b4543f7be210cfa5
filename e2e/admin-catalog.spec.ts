import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import {
  callApi,
  cardTitled,
  createModelsWithProducts,
  seedActivity,
  settle,
  toastWith,
} from "./admin-catalog-support";
import { axeSeriousFindings } from "./axe";
import { adminToken as siteAdminToken, useSite } from "./fixtures";
import { ADMIN, completeAdminSecondStep, newPage, reload, shot, visit } from "./harness";

/**
 * The back-office's catalogue screens end to end: admin login → a Pix key in Configurações → a static Pix QR
 * generated and downloaded → a plan created, edited, toggled and force-deleted while a model uses it → the
 * statistics page with data in every chart → a pending order marked paid → the audit log lists what was done.
 * Models (made public) and products are created through the API; orders, page views and profile counters
 * (which arrive through checkout and visitors, over days) are written by the server's own factories while the
 * server is stopped.
 */
const id = randomUUID().slice(0, 8);
const CPF = "529.982.247-25";
const PIX_EMAIL = `pix-${id}@vitrine.example`;
const MODEL_NAMES = ["Alice", "Bianca", "Carla", "Daniela"].map((n) => `${n} ${id}`);

const e2e = useSite({});
let adminToken = "";
const modelIds: number[] = [];
const shown = { context: null as BrowserContext | null, page: null as unknown as Page, errors: [] as string[] };

const call = <T>(method: string, pathname: string, body?: unknown) =>
  callApi<T>(e2e.site.baseUrl, adminToken, method, pathname, body);

const optionsOf = (select: Locator) =>
  select.locator("option").evaluateAll((options) => options.map((o) => o.textContent?.trim() ?? ""));

/**
 * A fresh desktop (or phone) page signed in as the admin: through the admin login screen the first time, then as a
 * device that kept her session (her token in its storage). Each sign-in through the screen spends one of the
 * authenticator's 30-second steps (each is taken once), so signing in for every page made most tests wait for one.
 */
let signedInThroughScreen = false;
async function openAdmin(pathname: string, mobile = false): Promise<Page> {
  await shown.context?.close();
  const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
  context.setDefaultTimeout(60_000);
  Object.assign(shown, { context, page, errors });
  await visit(page, "/admin/login");
  if (signedInThroughScreen) {
    await page.evaluate((token) => window.localStorage.setItem("token", token), adminToken);
  } else {
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await completeAdminSecondStep(page);
    await page.waitForURL("**/admin/dashboard");
    signedInThroughScreen = true;
  }
  await visit(page, pathname);
  return page;
}

before(async () => {
  adminToken = await siteAdminToken(e2e.site);
  const created = await createModelsWithProducts(e2e.site, MODEL_NAMES);
  modelIds.push(...created.map((c) => c.modelId));
  await seedActivity(e2e, created, id);
  adminToken = await siteAdminToken(e2e.site);
});

after(async () => {
  await shown.context?.close();
});

describe("admin catalogue screens", () => {
  test("QRCode PIX Estático without a Pix key: a clear message and the way to Configurações", async () => {
    for (const mobile of [true, false]) {
      const page = await openAdmin("/admin/pix-qr", mobile);
      await page.getByRole("heading", { name: "Nenhuma chave PIX configurada" }).waitFor();
      assert.equal(await page.getByLabel("Tipo de chave").count(), 0, "no key type to choose from");
      assert.equal(await page.getByRole("button", { name: "Gerar QRCode" }).count(), 0);
      await shot(page, `admin-pix-qr-no-key-${mobile ? 390 : 1280}`, { settle: () => settle(page) });
      assert.deepEqual(await axeSeriousFindings(page), []);
    }
    await shown.page
      .locator("section")
      .filter({ hasText: "Nenhuma chave PIX configurada" })
      .getByRole("link", { name: "Configurações" })
      .click();
    await shown.page.waitForURL("**/admin/settings");
    await cardTitled(shown.page, "Chaves PIX").waitFor();
    assert.deepEqual(shown.errors, []);
  });

  test("Configurações: a Pix key is saved; QRCode PIX Estático offers the configured types, generates and downloads", async () => {
    const page = await openAdmin("/admin/settings");
    const pixSection = cardTitled(page, "Chaves PIX");
    // Only an e-mail key: the only type offered, and chosen.
    await pixSection.getByLabel("E-mail").fill(PIX_EMAIL);
    await pixSection.getByRole("button", { name: "Salvar" }).click();
    await toastWith(page, "Chaves PIX: configurações salvas").waitFor();
    await page.getByRole("link", { name: "QRCode PIX" }).click();
    await page.getByRole("heading", { name: "QRCode PIX Estático" }).waitFor();
    const keyType = page.getByLabel("Tipo de chave");
    await keyType.waitFor();
    assert.deepEqual(await optionsOf(keyType), ["E-mail"]);
    assert.equal(await keyType.inputValue(), "email");
    await shot(page, "admin-pix-qr-email-only-1280", { settle: () => settle(page) });
    assert.deepEqual(await axeSeriousFindings(page), []);

    await visit(page, "/admin/settings");
    await pixSection.getByLabel("CPF").fill(CPF);
    await pixSection.getByRole("button", { name: "Salvar" }).click();
    await toastWith(page, "Chaves PIX: configurações salvas").waitFor();

    // A key the server refuses shows its message under the field.
    await pixSection.getByLabel("E-mail").fill("não é e-mail");
    await pixSection.getByRole("button", { name: "Salvar" }).click();
    await pixSection.locator("p.text-danger").first().waitFor();
    await pixSection.getByLabel("E-mail").fill(PIX_EMAIL);

    await page.getByRole("link", { name: "QRCode PIX" }).click();
    await page.getByRole("heading", { name: "QRCode PIX Estático" }).waitFor();
    await page.getByText("Nenhum QR Code gerado").waitFor();
    // Both configured types, in the order of the settings, the first chosen.
    assert.deepEqual(await optionsOf(keyType), ["CPF", "E-mail"]);
    assert.equal(await keyType.inputValue(), "cpf");

    await page.getByLabel("Valor (opcional)").fill("59.9");
    await page.getByLabel("Descrição").fill("Ensaio fotográfico");
    await page.getByRole("button", { name: "Gerar QRCode" }).click();
    const qr = page.getByRole("img", { name: "QR Code PIX" });
    await qr.waitFor();
    assert.match((await qr.getAttribute("src")) ?? "", /^data:image\/png;base64,/);
    await page.getByText("R$ 59,90", { exact: true }).waitFor();
    await page.getByText("52998224725").first().waitFor();
    const code = await page.getByLabel("Código PIX (copia e cola)").inputValue();
    assert.match(code, /^000201/);
    assert.ok(/br\.gov\.bcb\.pix/i.test(code) && code.includes("540559.90"), code);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Baixar QRCode" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^pix-cpf-\d{13}\.png$/);
    const file = readFileSync((await download.path())!);
    assert.deepEqual([...file.subarray(1, 4)], [0x50, 0x4e, 0x47], "the download is a PNG");

    await shot(page, "admin-pix-qr-desktop", { settle: () => settle(page) });
    assert.deepEqual(shown.errors, []);
  });

  test("Configurações: a plan is created, edited, toggled and force-deleted while a model uses it", async () => {
    const page = await openAdmin("/admin/settings");
    const plansCard = cardTitled(page, "Planos");
    await page.getByRole("button", { name: "Cadastrar plano" }).click();
    const modal = page.getByRole("dialog", { name: "Cadastrar plano" });
    assert.equal(await modal.getByLabel("Período").inputValue(), "weekly", "a new plan is weekly");
    assert.equal(await modal.getByLabel("Ativo").isChecked(), true, "a new plan is active");
    const planName = `Plano ${id}`;
    await modal.getByLabel("Nome").fill(planName);
    await modal.getByLabel("Preço").pressSequentially("4990");
    assert.equal(await modal.getByLabel("Preço").inputValue(), "R$ 49,90");
    await modal.getByLabel("Boleto").uncheck();
    await modal.getByRole("button", { name: "Salvar" }).click();
    await toastWith(page, "Plano cadastrado com sucesso").waitFor();
    const row = plansCard.getByRole("row").filter({ hasText: planName });
    await row.waitFor();
    assert.match(await row.innerText(), /R\$\s49,90[\s\S]*Semanal[\s\S]*PIX, Cartão/);

    await row.getByRole("button", { name: `Editar plano ${planName}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar plano" });
    await edit.getByLabel("Nome").fill(`${planName} Plus`);
    await edit.getByLabel("Período").selectOption("monthly");
    await edit.getByLabel("Preço").fill("");
    await edit.getByLabel("Preço").pressSequentially("9990");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toastWith(page, "Plano atualizado com sucesso").waitFor();
    const edited = plansCard.getByRole("row").filter({ hasText: `${planName} Plus` });
    assert.match(await edited.innerText(), /R\$\s99,90[\s\S]*Mensal/);

    const plans = await call<{ plans: { id: number; name: string; active: boolean }[] }>("GET", "/api/admin/plans");
    const plan = plans.plans.find((p) => p.name === `${planName} Plus`)!;
    const toggle = edited.getByRole("switch", { name: `Plano ${planName} Plus ativo` });
    await toggle.click();
    await toastWith(page, "Plano desativado").waitFor();
    assert.equal(await toggle.getAttribute("aria-checked"), "false");
    const after = await call<{ plans: { id: number; active: boolean }[] }>("GET", "/api/admin/plans");
    assert.equal(after.plans.find((p) => p.id === plan.id)?.active, false);

    // A model on the plan and a payment of it: deleting asks whether to force, with what uses it.
    await call("PATCH", `/api/admin/models/${modelIds[0]}/plan`, { plan_id: plan.id });
    await call("POST", "/api/payments/admin/generate-pix", {
      amount: "99,90",
      model_id: modelIds[1],
      plan_id: plan.id,
    });
    await reload(page);
    await edited.getByRole("button", { name: `Excluir plano ${planName} Plus` }).click();
    await page.getByRole("dialog", { name: "Excluir plano?" }).getByRole("button", { name: "Excluir" }).click();
    const force = page.getByRole("dialog", { name: "Plano em uso" });
    await force.waitFor();
    assert.match(await force.innerText(), /1 pagamento/);
    assert.match(await force.innerText(), /1 modelo/);
    assert.match(await force.innerText(), new RegExp(MODEL_NAMES[0]));
    await force.getByRole("button", { name: "Cancelar" }).click();
    await toastWith(page, "Exclusão cancelada").waitFor();

    await edited.getByRole("button", { name: `Excluir plano ${planName} Plus` }).click();
    await page.getByRole("dialog", { name: "Excluir plano?" }).getByRole("button", { name: "Excluir" }).click();
    await force.getByRole("button", { name: "Excluir mesmo assim" }).click();
    await toastWith(page, "Plano excluído (forçado) e dependências desvinculadas").waitFor();
    await edited.waitFor({ state: "detached" });
    const left = await call<{ plans: { id: number }[] }>("GET", "/api/admin/plans");
    assert.ok(!left.plans.some((p) => p.id === plan.id));

    await shot(page, "admin-settings-desktop", { settle: () => settle(page) });
    assert.deepEqual(shown.errors, []);
  });

  test("Estatísticas do Site: the four cards and every chart have data; the period buttons switch", async () => {
    const page = await openAdmin("/admin/stats");
    const cards = page.locator("dl").first();
    for (const label of ["Acessos", "Modelos", "Pedidos", "Receita"]) {
      await cards
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor();
    }
    assert.equal(await page.getByRole("button", { name: "30 dias" }).getAttribute("aria-pressed"), "true");
    const titles = [
      "Acessos diários",
      "Vendas por dia",
      "Modelos mais vistas",
      "Principais cidades",
      "Visualizações x contatos",
      "Dispersão: visualizações x contatos",
      "Principais categorias",
    ];
    for (const title of titles) {
      const card = cardTitled(page, title);
      await card.locator("svg.recharts-surface").first().waitFor();
      assert.equal(await card.getByText("Sem dados no período").count(), 0, `${title} has data`);
    }
    await page.getByRole("button", { name: "7 dias" }).click();
    assert.equal(await page.getByRole("button", { name: "7 dias" }).getAttribute("aria-pressed"), "true");
    await cardTitled(page, "Acessos diários").locator("svg.recharts-surface").waitFor();
    await page.getByRole("button", { name: "30 dias" }).click();
    await shot(page, "admin-stats-desktop", {
      settle: async () => {
        await settle(page);
        await page.waitForTimeout(500);
      },
    });
    assert.deepEqual(shown.errors, []);
  });

  test("Pedidos: charts, filters, CSV export and a pending order marked paid", async () => {
    const page = await openAdmin("/admin/orders");
    for (const title of ["Vendas por dia", "Status dos pedidos", "Pedidos ao longo do tempo"]) {
      const card = cardTitled(page, title);
      await card.locator("svg.recharts-surface").first().waitFor();
    }
    const table = page.getByRole("table", { name: "Pedidos", exact: true });
    await table.getByRole("row").nth(1).waitFor();
    await page.getByLabel("Status").selectOption("pending");
    const pending = table.getByRole("row").filter({ hasText: `Cliente 0 ${id}` });
    await pending.waitFor();
    // Only pending orders remain (the previous rows stay on screen until the filtered page arrives).
    await table.getByText("Pago", { exact: true }).first().waitFor({ state: "detached" });
    assert.equal(await table.getByText("Cancelado", { exact: true }).count(), 0, "only pending orders");
    // The filter is in the address: a reload shows the same table.
    assert.equal(new URL(page.url()).searchParams.get("status"), "pending");
    await reload(page);
    assert.equal(await page.getByLabel("Status").inputValue(), "pending");
    await pending.waitFor();

    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exportar CSV" }).click(),
    ]);
    assert.match(csv.suggestedFilename(), /^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, "utf8");
    assert.ok(text.includes(`Cliente 0 ${id}`), "the export has the filtered orders");
    assert.ok(!text.includes(`Cliente 1 ${id}`), "and only those");

    await pending.getByRole("button", { name: "Marcar como pago" }).click();
    const dialog = page.getByRole("dialog", { name: "Marcar pedido como pago?" });
    await dialog.getByRole("button", { name: "Marcar como pago" }).click();
    await toastWith(page, "Pedido marcado como pago").waitFor();
    await pending.waitFor({ state: "detached" });
    const orders = await call<{ orders: { customer_name: string; status: string; paid_at: string | null }[] }>(
      "GET",
      "/api/admin/orders?limit=50",
    );
    const order = orders.orders.find((o) => o.customer_name === `Cliente 0 ${id}`)!;
    assert.equal(order.status, "paid");
    assert.ok(order.paid_at);

    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await table
      .getByRole("row")
      .filter({ hasText: `Cliente 0 ${id}` })
      .waitFor();
    await shot(page, "admin-orders-desktop", { settle: () => settle(page) });
    assert.deepEqual(shown.errors, []);
  });

  test("Auditoria lists the changes just made, filtered by action", async () => {
    const page = await openAdmin("/admin/audit");
    const table = page.getByRole("table", { name: "Auditoria" });
    for (const label of ["Plano excluído", "Plano criado", "Status do pedido", "Configuração alterada"]) {
      await table.getByRole("cell", { name: label, exact: true }).first().waitFor();
    }
    await page.getByLabel("Ação", { exact: true }).selectOption("plan.delete");
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    // The filter is in the address: a reload keeps it.
    assert.equal(new URL(page.url()).searchParams.get("action"), "plan.delete");
    await reload(page);
    assert.equal(await page.getByLabel("Ação", { exact: true }).inputValue(), "plan.delete");
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    await page.getByRole("link", { name: "Voltar ao painel" }).waitFor();
    await shot(page, "admin-audit-desktop", { settle: () => settle(page) });

    assert.deepEqual(shown.errors, []);
  });

  test("Pedidos at 390 px: the table scrolls inside its card, the page does not", async () => {
    const phone = await openAdmin("/admin/orders", true);
    const phoneTable = phone.getByRole("table", { name: "Pedidos", exact: true });
    await phoneTable.getByRole("row").nth(1).waitFor();
    // Measured once the orders have loaded: a first row may be the loading or empty state, narrower than an order.
    await settle(phone);
    const widths = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    assert.ok(widths.page <= widths.viewport, `the page does not scroll sideways (${JSON.stringify(widths)})`);
    const scroller = phoneTable.locator("xpath=..");
    const overflow = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(overflow.scroll > overflow.client, "the table scrolls inside its card");
    await shot(phone, "admin-orders-phone");
    assert.deepEqual(shown.errors, []);
  });

  test("Login do administrador: a wrong current password is refused; a new password keeps this device signed in", async () => {
    const page = await openAdmin("/admin/settings");
    const card = cardTitled(page, "Login do administrador");
    const newPassword = "nova-senha-admin-123";
    await card.getByLabel("Nova senha", { exact: true }).fill(newPassword);
    await card.getByLabel("Confirmar nova senha", { exact: true }).fill(newPassword);
    await card.getByLabel("Senha atual", { exact: true }).fill("senha-errada");
    await card.getByRole("button", { name: "Salvar login" }).click();
    await card.getByText("Senha atual incorreta").waitFor();

    await card.getByLabel("Senha atual", { exact: true }).fill(ADMIN.password);
    await card.getByRole("button", { name: "Salvar login" }).click();
    await toastWith(page, "Login do administrador atualizado com sucesso").waitFor();
    await reload(page);
    await card.waitFor();
    assert.ok(page.url().endsWith("/admin/settings"), "still signed in after the reload");

    // Back to the original password, for the other tests of this file.
    await card.getByLabel("Nova senha", { exact: true }).fill(ADMIN.password);
    await card.getByLabel("Confirmar nova senha", { exact: true }).fill(ADMIN.password);
    await card.getByLabel("Senha atual", { exact: true }).fill(newPassword);
    await card.getByRole("button", { name: "Salvar login" }).click();
    await toastWith(page, "Login do administrador atualizado com sucesso").waitFor();
    assert.deepEqual(shown.errors, []);
  });
});
