import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { advertiser, advertiserPage, useSite } from "./fixtures";
import { shot, visit } from "./harness";

/**
 * The shared screen states of the UI kit, on the advertiser screens: a failed load shows its error with
 * "Tentar novamente" and recovers (QueryState), and a confirmation starts on "Cancelar", is cancelled by Escape and
 * confirmed by its button (ConfirmDialog). Screenshots of both at 390 px and 1280 px.
 */
const SERVER_ERROR = "Erro interno do servidor. Tente novamente mais tarde.";

const e2e = useSite();
let token = "";
const open: BrowserContext[] = [];

async function call(method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${e2e.site.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** A page at one width, signed in as the model. */
async function openAs(mobile: boolean): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await advertiserPage(e2e.browser, e2e.site, { token }, { mobile });
  open.push(context);
  return { page, errors };
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? null);

before(async () => {
  const id = randomUUID().slice(0, 8);
  ({ token } = await advertiser(e2e.site, "registered", { registration: { name: `Clara ${id}`, age: 31 } }));
});

after(async () => {
  for (const context of open) await context.close();
});

describe("screen states", () => {
  test("a failed load shows the server's message and 'Tentar novamente', which loads the data", async () => {
    for (const mobile of [true, false]) {
      const { page, errors } = await openAs(mobile);
      await page.route("**/api/models/profile", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: SERVER_ERROR, code: "INTERNAL_ERROR" }),
        }),
      );
      await visit(page, "/dashboard");
      await page.getByRole("alert").filter({ hasText: SERVER_ERROR }).waitFor();
      await page.getByRole("heading", { name: "Como o público vê seu anúncio" }).waitFor();
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor();
      await shot(page, `states-load-error-${mobile ? "phone" : "desktop"}`, { settle: 300 });

      await page.unroute("**/api/models/profile");
      await retry.click();
      await page.locator('[data-public-visibility="hidden"]').getByText("Oculto no site").waitFor();
      assert.equal(await page.getByRole("button", { name: "Tentar novamente" }).count(), 0);
      assert.deepEqual(errors, []);
    }
  });

  test("a confirmation starts on Cancelar, Escape cancels it, its button confirms it", async () => {
    const created = await call("POST", "/api/models/products", { name: "Ensaio dourado", price: 89.9 });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    for (const mobile of [true, false]) {
      const { page, errors } = await openAs(mobile);
      await visit(page, "/dashboard/vendas");
      const row = page.locator("li[data-product-id]", { hasText: "Ensaio dourado" });
      await row.getByText("R$ 89,90").waitFor();

      await row.getByRole("button", { name: "Excluir Ensaio dourado" }).click();
      const dialog = page.getByRole("dialog", { name: "Excluir produto?" });
      await dialog.getByText("“Ensaio dourado” sai do seu perfil.", { exact: false }).waitFor();
      assert.equal(await focusedText(page), "Cancelar", "focus starts on the harmless choice");
      await shot(page, `states-confirm-dialog-${mobile ? "phone" : "desktop"}`, { settle: 300 });

      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await row.waitFor();
      assert.equal(await focusedText(page), "Excluir", "focus returns to the button that opened the dialog");
      assert.deepEqual(errors, []);
    }

    const { page, errors } = await openAs(false);
    await visit(page, "/dashboard/vendas");
    const row = page.locator("li[data-product-id]", { hasText: "Ensaio dourado" });
    await row.getByRole("button", { name: "Excluir Ensaio dourado" }).click();
    await page.getByRole("dialog", { name: "Excluir produto?" }).getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Produto excluído.").waitFor();
    await page.getByText("Nenhum produto cadastrado ainda.").waitFor();
    assert.deepEqual((await call("GET", "/api/models/products")).body.products, []);
    assert.deepEqual(errors, []);
  });

  test("a confirmation with a form: focus on its field, the schema's message inline, Cancelar keeps the account", async () => {
    const { page, errors } = await openAs(false);
    await visit(page, "/dashboard/configuracoes");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
    await dialog.getByLabel("Sua senha", { exact: true }).waitFor();
    assert.equal(await focusedName(page), "password");

    await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
    await dialog.getByText("Informe sua senha").waitFor();
    assert.equal(await focusedName(page), "password", "the first invalid field keeps the focus");

    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "hidden" });
    assert.equal((await call("GET", "/api/models/profile")).status, 200, "the account is still there");
    assert.deepEqual(errors, []);
  });
});
