import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { advertiser, useSite } from "./fixtures";
import { ADMIN, completeAdminSecondStep, newPage, reload, shot, visit } from "./harness";

const SAO_PAULO = { estado_id: 35, municipio_id: 3550308 };
const TERMS_REQUIRED = "É obrigatório ler e aceitar os Termos de Uso antes de concluir o cadastro.";

const e2e = useSite();

function uniqueModel() {
  const id = randomUUID().slice(0, 8);
  return {
    username: `modelo_${id}`,
    email: `modelo-${id}@e2e.local`,
    password: "senha-segura-123",
    name: `Bianca ${id}`,
    age: 27,
  };
}

const storageItem = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? null);

describe("foundation", () => {
  test("the age gate is shown once, then remembered after a reload", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl);
    await visit(page, "/");
    const gate = page.getByRole("dialog", { name: "Conteúdo adulto (+18)" });
    await gate.waitFor();

    // "Ler Termos de Uso" opens the terms over the gate; closing them leaves the gate in place.
    await gate.getByRole("button", { name: "Ler Termos de Uso" }).click();
    const terms = page.getByRole("dialog", { name: "Termos de Uso" });
    await terms.waitFor();
    await terms.getByText("Mensal", { exact: true }).first().waitFor();
    await terms.getByRole("button", { name: "Fechar" }).last().click();
    await terms.waitFor({ state: "hidden" });
    assert.equal(await gate.isVisible(), true);

    await gate.getByRole("button", { name: "Entrar no site" }).click();
    await gate.waitFor({ state: "hidden" });
    assert.equal(await storageItem(page, "ageConfirmed"), "true");

    await reload(page);
    await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
    await page.waitForTimeout(300);
    assert.equal(await gate.count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a visitor registers as a model and lands on the dashboard signed in", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    const model = uniqueModel();
    await visit(page, "/register?focus=username");
    await page.getByLabel("Usuário", { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "username");

    await page.getByLabel("Usuário", { exact: true }).fill(model.username);
    await page.locator('input[name="email"]').fill(model.email);
    await page.locator('input[name="password"]').fill(model.password);
    await page.getByLabel("Nome de exibição", { exact: true }).fill(model.name);
    await page.getByLabel("Idade", { exact: true }).fill(String(model.age));
    await page.getByLabel("Categoria", { exact: true }).selectOption({ index: 1 });
    const municipio = page.getByLabel("Município", { exact: true });
    assert.equal(await municipio.isDisabled(), true, "municipio waits for an estado");
    await page.getByLabel("Estado", { exact: true }).selectOption(String(SAO_PAULO.estado_id));
    await municipio.locator(`option[value="${SAO_PAULO.municipio_id}"]`).waitFor({ state: "attached" });
    await municipio.selectOption(String(SAO_PAULO.municipio_id));

    // Terms not accepted: the submit is blocked with the Terms warning and tooltip.
    const submit = page.getByRole("button", { name: "Criar conta" });
    assert.equal(await submit.getAttribute("title"), "É necessário aceitar os Termos de Uso");
    await submit.click();
    await page.getByText(TERMS_REQUIRED).waitFor();
    assert.equal(new URL(page.url()).pathname, "/register");

    // The Terms button is not inside a <label>; the checkbox is named by the whole sentence.
    assert.equal(await page.locator("label button, label a").count(), 0);
    await page.getByRole("checkbox", { name: "Li e aceito os Termos de Uso e declaro ter 18 anos ou mais." }).check();
    await submit.click();
    await page.waitForURL("**/dashboard");
    await page.getByText("Cadastro realizado com sucesso!").waitFor();
    await page.getByRole("heading", { name: "Meu Perfil" }).waitFor();
    await page.getByText(`Bem-vinda, ${model.name}!`).waitFor();
    await page.getByTestId("session-name").filter({ hasText: model.name }).waitFor();
    assert.ok(await storageItem(page, "modelToken"));

    // The session survives a reload (GET /api/auth/verify with the stored model token).
    await reload(page);
    await page.getByText(`Bem-vinda, ${model.name}!`).waitFor();

    // Sair: back home, signed out.
    await page.getByTestId("session-name").click();
    await page.getByRole("button", { name: "Sair" }).click();
    await page.getByText("Logout realizado com sucesso!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Login", exact: true }).waitFor();
    assert.equal(await storageItem(page, "modelToken"), null);

    // Logging in again: a plan never paid shows the payment message instead of the success toast, as a neutral
    // notice (signing in is no error).
    await visit(page, "/login?focus=email");
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "email");
    await page.locator('input[name="email"]').fill(model.email);
    await page.locator('input[name="password"]').fill(model.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await page.locator('[data-toast-type="default"]').first().waitFor();
    assert.equal(await page.locator('[data-toast-type="error"]').count(), 0, "no error toast");
    assert.equal(await page.getByText("Login realizado com sucesso!").count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the admin signs in and reaches the admin dashboard", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/admin/login?focus=email");
    await page.locator('input[name="email"]').waitFor();
    assert.equal(await focusedName(page), "email");

    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("E-mail ou senha incorretos").waitFor();
    assert.equal(new URL(page.url()).pathname, "/admin/login");

    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    // Admins sign in in two steps: the first time, the authenticator is set up on this screen.
    await completeAdminSecondStep(page);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("heading", { name: "Painel Administrativo" }).waitFor();
    await page.getByTestId("session-name").filter({ hasText: "admin" }).waitFor();
    assert.ok(await storageItem(page, "token"));

    // The user menu: Escape closes it and puts focus back on its button; tabbing out of it closes it too.
    const menuButton = page.locator("button", { has: page.getByTestId("session-name") });
    const sair = page.getByRole("button", { name: "Sair" });
    await menuButton.click();
    await sair.waitFor();
    await page.keyboard.press("Escape");
    await sair.waitFor({ state: "detached" });
    assert.equal(await menuButton.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("Enter");
    await sair.focus();
    await page.keyboard.press("Tab");
    await sair.waitFor({ state: "detached" });
    assert.equal(await menuButton.getAttribute("aria-expanded"), "false");

    await page.getByRole("link", { name: /Gerenciar Modelos/ }).click();
    await page.waitForURL("**/admin/models");
    await page.getByRole("link", { name: /Voltar ao painel/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a model token cannot open admin pages", async () => {
    const { token } = await advertiser(e2e.site, "registered");
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
    for (const path of ["/admin/dashboard", "/admin/models", "/admin/pix-qr"]) {
      await visit(page, path);
      await page.waitForURL("**/admin/login");
      await page.getByRole("heading", { name: "Login administrativo" }).waitFor();
    }
    assert.equal(await page.getByRole("heading", { name: "Painel Administrativo" }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a stale token is cleared at start-up: the screen says her session ended; a visitor is denied", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/");
    await page.evaluate(() => window.localStorage.setItem("modelToken", "not-a-valid-token"));
    await visit(page, "/dashboard");
    await page.getByRole("heading", { name: "Sua sessão terminou. Entre de novo." }).waitFor();
    assert.equal(await page.getByText("Acesso Negado").count(), 0);
    assert.equal(new URL(page.url()).pathname, "/dashboard");
    assert.equal(await storageItem(page, "modelToken"), null);
    await shot(page, "session-ended-1280");
    await page.getByRole("main").getByRole("link", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/login");
    // Someone who never signed in here is denied, as before.
    await visit(page, "/dashboard/gallery");
    await page.getByRole("heading", { name: "Acesso Negado - Faça login como modelo para acessar." }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a bad direct-login token shows an error and stays on the login page", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/login?token=token-que-nao-existe");
    await page.getByText("Token de login direto inválido ou expirado").waitFor();
    await page.locator('input[name="email"]').waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, "/login");
    assert.equal(url.searchParams.get("token"), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an unknown path shows the 404 page with a link home", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/isto/nao/existe");
    await page.getByRole("heading", { name: "Página não encontrada" }).waitFor();
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("key screens render at phone and desktop widths (screenshots in .screenshots/)", async () => {
    const { token } = await advertiser(e2e.site, "registered");
    const screens: Array<{ name: string; path: string; ageConfirmed?: boolean; model?: boolean; terms?: boolean }> = [
      { name: "home-age-gate", path: "/", ageConfirmed: false },
      { name: "home", path: "/" },
      { name: "login", path: "/login" },
      { name: "register", path: "/register" },
      { name: "admin-login", path: "/admin/login" },
      { name: "not-found", path: "/pagina-que-nao-existe" },
      { name: "terms", path: "/", terms: true },
      { name: "dashboard", path: "/dashboard", model: true },
    ];
    for (const mobile of [false, true]) {
      for (const screen of screens) {
        const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, {
          mobile,
          ageConfirmed: screen.ageConfirmed ?? true,
        });
        if (screen.model) await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
        await visit(page, screen.path);
        await page.getByRole("contentinfo").waitFor();
        if (screen.terms) {
          if (mobile) await page.getByRole("button", { name: "Abrir menu" }).click();
          await page.getByRole("button", { name: "Termos de Uso" }).first().click();
          await page
            .getByRole("dialog", { name: "Termos de Uso" })
            .getByText("Anual", { exact: true })
            .first()
            .waitFor();
        }
        if (screen.model) await page.getByRole("heading", { name: "Meu Perfil" }).waitFor();
        await shot(page, `foundation-${screen.name}-${mobile ? "phone" : "desktop"}`, { settle: 400 });
        assert.deepEqual(errors, [], `${screen.name} (${mobile ? "phone" : "desktop"})`);
        await context.close();
      }
    }
  });
});
