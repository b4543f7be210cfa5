import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { buildRegistration, useSite } from "./fixtures";
import {
  ADMIN,
  adminApiToken,
  completeAdminSecondStep,
  newPage,
  shot as takeShot,
  totpCodeAfter,
  visit,
} from "./harness";

/**
 * Two-step sign-in end to end: the admin must set up her authenticator at her first sign-in (QR code, first code,
 * recovery codes once), then signs in with its code; an advertiser turns it on in Configurações and her next
 * sign-in asks the code. Codes are computed here with the same library the server checks them with.
 */
const SHOTS = "sess";
const id = randomUUID().slice(0, 8);
const MODEL = buildRegistration({ name: `Bia ${id}`, age: 27 });

const e2e = useSite({});

/**
 * The admin's session from the first test's sign-in, for the API calls of the others: each sign-in spends one of her
 * authenticator's 30-second steps, and a third within a step waits for the next one.
 */
let adminSession: string | null = null;

const shot = (page: Page, name: string, mobile: boolean) => takeShot(page, `${SHOTS}/${name}-${mobile ? 390 : 1280}`);

describe("two-step sign-in", () => {
  test("the admin is made to set it up at her first sign-in, then signs in with a code", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, {
      mobile: true,
      ageConfirmed: true,
    });
    await visit(page, "/admin/login");
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("heading", { name: "Configure a verificação em duas etapas" }).waitFor();
    await page.getByRole("img", { name: /QR code/ }).waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem("token")), null, "no session yet");
    await shot(page, "two-factor-admin-setup", true);
    // A wrong code is refused in the form.
    await page.getByLabel("Código de verificação").fill("000000");
    await page.getByRole("button", { name: "Ativar e entrar" }).click();
    await page.getByRole("alert").getByText("Código inválido ou já usado").waitFor();
    // The harness is her phone from here on: it reads the key on screen and types the current code.
    await page.getByLabel("Código de verificação").fill("");
    await completeAdminSecondStep(page);
    await page.waitForURL("**/admin/dashboard");
    assert.deepEqual(errors, []);
    await context.close();

    const desktop = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(desktop.page, "/admin/login");
    await desktop.page.getByLabel("E-mail").fill(ADMIN.email);
    await desktop.page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await desktop.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await desktop.page.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
    await shot(desktop.page, "two-factor-admin-code", false);
    await completeAdminSecondStep(desktop.page);
    await desktop.page.waitForURL("**/admin/dashboard");
    assert.deepEqual(desktop.errors, []);
    adminSession = await desktop.page.evaluate(() => window.localStorage.getItem("token"));
    await desktop.context.close();
  });

  test("an advertiser turns it on in Configurações; her next sign-in asks the code", async () => {
    const registered = await fetch(`${e2e.site.baseUrl}/api/auth/model/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(MODEL),
    });
    assert.equal(registered.status, 201);
    const { token } = (await registered.json()) as { token: string };

    let secret = "";
    let step = -1;
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
      if (mobile) {
        // The dashboard offers it with a clear prompt, which leads to Configurações.
        await visit(page, "/dashboard");
        const prompt = page.getByRole("region", { name: "Proteja sua conta" });
        await prompt.waitFor();
        await takeShot(prompt, `${SHOTS}/two-factor-model-prompt-390`);
        await prompt.getByRole("link", { name: "Ativar agora" }).click();
        await page.waitForURL("**/dashboard/configuracoes");
      } else {
        await visit(page, "/dashboard/configuracoes");
      }
      const card = page.getByRole("region", { name: "Verificação em duas etapas" });
      if (!mobile) {
        await card.getByText("Ativada").waitFor();
        await takeShot(card, `${SHOTS}/two-factor-model-on-1280`);
        await context.close();
        break;
      }
      await card.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
      secret = (await card.locator("[data-totp-secret]").textContent())!.trim();
      await takeShot(card, `${SHOTS}/two-factor-model-setup-390`);
      const first = await totpCodeAfter(secret, step);
      step = first.step;
      await card.getByLabel("Código de verificação").fill(first.code);
      await card.getByRole("button", { name: "Ativar" }).click();
      const codes = card.getByRole("list", { name: "Códigos de recuperação" });
      await codes.waitFor();
      assert.equal(await codes.getByRole("listitem").count(), 10);
      await takeShot(card, `${SHOTS}/two-factor-model-recovery-390`);
      await card.getByRole("button", { name: "Guardei meus códigos" }).click();
      await card.getByText("Ativada").waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    }

    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/login");
    await page.getByLabel("E-mail").fill(MODEL.email);
    await page.getByLabel("Senha", { exact: true }).fill(MODEL.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
    // The code already used to turn it on is refused; the next one opens the dashboard.
    await page
      .getByLabel("Código de verificação")
      .fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 }));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.getByRole("alert").getByText("Código inválido ou já usado").waitFor();
    await page.getByLabel("Código de verificação").fill((await totpCodeAfter(secret, step)).code);
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL("**/dashboard");
    assert.deepEqual(errors, []);
    await context.close();
  });
  test("when an admin requires it, an advertiser without it sets it up at her next sign-in", async () => {
    const { email, ...other } = buildRegistration({ password: MODEL.password });
    const registered = await fetch(`${e2e.site.baseUrl}/api/auth/model/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...other, email }),
    });
    assert.equal(registered.status, 201);
    const admin = adminSession ?? (await adminApiToken(e2e.site.baseUrl));
    const on = await fetch(`${e2e.site.baseUrl}/api/admin/settings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
      body: JSON.stringify({ setting_key: "two_factor_required_models", setting_value: "true" }),
    });
    assert.equal(on.status, 201);

    {
      const mobile = true;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, "/login");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Senha", { exact: true }).fill(MODEL.password);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await page.getByRole("heading", { name: "Configure a verificação em duas etapas" }).waitFor();
      const secret = (await page.locator("[data-totp-secret]").textContent())!.trim();
      await shot(page, "two-factor-model-required", mobile);
      await page.getByLabel("Código de verificação").fill((await totpCodeAfter(secret, -1)).code);
      await page.getByRole("button", { name: "Ativar e entrar" }).click();
      await page.getByRole("list", { name: "Códigos de recuperação" }).waitFor();
      await page.getByRole("button", { name: "Guardei meus códigos" }).click();
      await page.waitForURL("**/dashboard");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
