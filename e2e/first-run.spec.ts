import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { completeAdminSecondStep, newPage, reload, shot as takeShot, visit } from "./harness";
import { useSite } from "./fixtures";

/**
 * The first start of a site as `npm start` runs it (the server bundle of `npm run build`, plain node), without
 * ADMIN_PASSWORD: the generated password is printed once on the console, the admin must change it at the first
 * sign-in, then the dashboard shows the "Primeiros passos" until they are done.
 */
const OWNER = "dono@e2e.local";
const SHOTS = "first-run";

const e2e = useSite({ env: { ADMIN_EMAIL: OWNER, ADMIN_PASSWORD: "" }, built: true, data: "empty" });
let password = "";

async function shot(page: Page, name: string) {
  await takeShot(page, `${SHOTS}/${name}`);
}

async function signIn(page: Page, secret: string) {
  await visit(page, "/admin/login");
  await page.getByLabel("E-mail").fill(OWNER);
  await page.getByLabel("Senha", { exact: true }).fill(secret);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // Admins sign in in two steps: the first time the authenticator is set up.
  await completeAdminSecondStep(page);
}

describe("first run of the built server", () => {
  test("the built server serves the site and printed the generated password once, as a block", async () => {
    const health = await fetch(`${e2e.site.baseUrl}/api/health`);
    assert.equal(health.status, 200);
    const home = await fetch(`${e2e.site.baseUrl}/`);
    assert.equal(home.status, 200);
    assert.match(home.headers.get("content-type") ?? "", /text\/html/);
    const output = e2e.site.output();
    assert.equal(output.match(/Administrador criado/g)?.length, 1, output);
    assert.match(output, new RegExp(`e-mail: ${OWNER}`));
    password = /senha: +(\S+)/.exec(output)?.[1] ?? "";
    assert.ok(password.length >= 12, "the generated password is on the console");
  });

  test("the admin is sent to Trocar senha until the password is changed, then sees the checklist", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await signIn(page, password);
    await page.waitForURL("**/admin/trocar-senha");
    await page.getByRole("heading", { name: "Trocar senha" }).waitFor();

    // Any other admin screen leads back here.
    await visit(page, "/admin/settings");
    await page.waitForURL("**/admin/trocar-senha");
    await shot(page, "trocar-senha-1280");
    const phoneFirst = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await signIn(phoneFirst.page, password);
    await phoneFirst.page.waitForURL("**/admin/trocar-senha");
    await phoneFirst.page.getByRole("heading", { name: "Trocar senha" }).waitFor();
    await shot(phoneFirst.page, "trocar-senha-390");
    await phoneFirst.context.close();

    await page.getByLabel("Senha atual (a gerada)").fill(password);
    await page.getByLabel("Nova senha", { exact: true }).fill("senha-do-dono-2026");
    await page.getByLabel("Confirmar nova senha").fill("senha-do-dono-2026");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.waitForURL("**/admin/dashboard");

    const checklist = page.getByRole("region", { name: "Primeiros passos" });
    await checklist.waitFor();
    await checklist.getByText("0 de 6 concluídos", { exact: false }).waitFor();
    assert.equal(await checklist.getByRole("link").count(), 6);
    await checklist.getByRole("link", { name: /Contatos do site \(pendente\)/ }).waitFor();
    await shot(page, "primeiros-passos-1280");

    // Setting the site's address ticks its step.
    const token = await page.evaluate(() => window.localStorage.getItem("token"));
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const { settings } = (await (await fetch(`${e2e.site.baseUrl}/api/admin/settings`, { headers: auth })).json()) as {
      settings: { id: number; setting_key: string }[];
    };
    const siteUrl = settings.find((s) => s.setting_key === "site_url");
    assert.ok(siteUrl);
    const saved = await fetch(`${e2e.site.baseUrl}/api/admin/settings/${siteUrl.id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ value: "https://www.exemplo.com.br" }),
    });
    assert.equal(saved.status, 200);
    await reload(page);
    await checklist.getByText("1 de 6 concluídos", { exact: false }).waitFor();
    await checklist.getByRole("link", { name: /Nome e URL do site \(concluído\)/ }).waitFor();
    await checklist.getByRole("link", { name: /Chave PIX \(pendente\)/ }).waitFor();
    await shot(page, "primeiros-passos-1-de-6-1280");

    // A support contact (the e-mail or the phone) ticks "Contatos do site".
    const supportEmail = settings.find((s) => s.setting_key === "support_email");
    const contact = await fetch(`${e2e.site.baseUrl}/api/admin/settings${supportEmail ? `/${supportEmail.id}` : ""}`, {
      method: supportEmail ? "PUT" : "POST",
      headers: auth,
      body: JSON.stringify(
        supportEmail
          ? { value: "suporte@exemplo.com.br" }
          : { setting_key: "support_email", setting_value: "suporte@exemplo.com.br" },
      ),
    });
    assert.ok(contact.ok, `${contact.status}`);
    await reload(page);
    await checklist.getByText("2 de 6 concluídos", { exact: false }).waitFor();
    await checklist.getByRole("link", { name: /Contatos do site \(concluído\)/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    // The new password signs in straight to the dashboard.
    const phone = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await signIn(phone.page, "senha-do-dono-2026");
    await phone.page.waitForURL("**/admin/dashboard");
    await phone.page.getByRole("region", { name: "Primeiros passos" }).waitFor();
    await shot(phone.page, "primeiros-passos-390");
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
});
