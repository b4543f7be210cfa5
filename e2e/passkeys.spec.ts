import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import {
  addVirtualAuthenticator,
  ADMIN,
  adminApiToken,
  completeAdminSecondStep,
  newPage,
  nextAdminCode,
  rememberAdminSecret,
  shot,
  visit,
} from "./harness";
import { advertiser, useSite } from "./fixtures";

/**
 * Passkeys end to end with Chromium's virtual authenticator (DevTools protocol): a model adds a passkey in
 * Configurações, signs out, and signs in again with "Entrar com chave de acesso", without her password. The page is
 * opened at localhost (a WebAuthn relying party id must be a domain, never an IP address).
 */
const SHOTS = "passkey";

// A site of its own: the admin's second step changes here.
const e2e = useSite({});

describe("Chaves de acesso (passkeys)", () => {
  for (const mobile of [true, false]) {
    const width = mobile ? 390 : 1280;
    test(`at ${width} px she adds a passkey in Configurações and signs in with it, without password`, async () => {
      const her = await advertiser(e2e.site, "registered");
      const { token } = her;

      const baseUrl = e2e.site.baseUrl.replace("127.0.0.1", "localhost");
      const { context, page, errors } = await newPage(e2e.browser, baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => {
        if (!sessionStorage.getItem("seeded")) {
          sessionStorage.setItem("seeded", "1");
          window.localStorage.setItem("modelToken", t);
        }
      }, token);
      await addVirtualAuthenticator(page);

      await visit(page, "/dashboard/configuracoes");
      const card = page.getByRole("region", { name: "Chaves de acesso (passkeys)" });
      await card.getByText("Nenhuma chave de acesso cadastrada.").waitFor();
      await card.getByLabel("Nome da nova chave").fill("Meu celular");
      await card.getByRole("button", { name: "Adicionar chave de acesso" }).click();
      // Her first second factor: two-step sign-in is on, and her ten recovery codes are shown once.
      const codes = card.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
      await codes.first().waitFor();
      assert.equal(await codes.count(), 10);
      const recoveryCode = (await codes.first().textContent())!.trim();
      await shot(page, `${SHOTS}/passkeys-recovery-codes-${width}`);
      await card.getByRole("button", { name: "Guardei meus códigos" }).click();
      await card.getByText("Meu celular").waitFor();
      await card.getByText("ainda não usada").waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `${SHOTS}/passkeys-settings-${width}`, { settle: 400 });

      // Her password alone no longer opens the account: the second step offers her passkey or a recovery code,
      // and no app code (she has no authenticator app).
      await page.evaluate(() => window.localStorage.removeItem("modelToken"));
      await visit(page, "/login");
      await page.getByLabel("E-mail").fill(her.email);
      await page.getByLabel("Senha", { exact: true }).fill(her.password);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await page.getByRole("button", { name: "Usar chave de acesso" }).waitFor();
      await page.getByLabel("Código de recuperação").waitFor();
      assert.equal(await page.getByLabel("Código de verificação").count(), 0, "no app code field");
      await shot(page, `${SHOTS}/passkeys-second-step-${width}`);
      if (mobile) {
        // At 390 px she types a recovery code instead.
        await page.getByLabel("Código de recuperação").fill(recoveryCode);
        await page.getByRole("button", { name: "Verificar" }).click();
      } else {
        await page.getByRole("button", { name: "Usar chave de acesso" }).click();
      }
      await page.waitForURL(/\/dashboard/);

      // Signed out, she comes back with the passkey alone.
      await page.evaluate(() => window.localStorage.removeItem("modelToken"));
      await visit(page, "/login");
      await page.getByRole("button", { name: "Entrar com chave de acesso" }).waitFor();
      await shot(page, `${SHOTS}/passkeys-login-${width}`);
      await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
      await page.waitForURL(/\/dashboard/);
      const stored = await page.evaluate(() => window.localStorage.getItem("modelToken"));
      assert.ok(stored && stored !== token, "a new session was started");
      const verify = await fetch(`${e2e.site.baseUrl}/api/auth/verify`, {
        headers: { authorization: `Bearer ${stored}` },
      });
      assert.equal(((await verify.json()) as { model?: { id: number } }).model?.id, her.id);

      await visit(page, "/dashboard/configuracoes");
      await card.getByText("último uso").waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test("where an admin requires it, an advertiser's next sign-in sets up a passkey instead of the app (390 px)", async () => {
    const { email, password } = await advertiser(e2e.site, "registered");
    const admin = await adminApiToken(e2e.site.baseUrl);
    const adminHeaders = { "content-type": "application/json", authorization: `Bearer ${admin}` };
    const on = await fetch(`${e2e.site.baseUrl}/api/admin/settings`, {
      method: "POST",
      headers: adminHeaders,
      body: JSON.stringify({ setting_key: "two_factor_required_models", setting_value: "true" }),
    });
    assert.equal(on.status, 201);
    const setting = ((await on.json()) as { setting: { id: number } }).setting;

    const baseUrl = e2e.site.baseUrl.replace("127.0.0.1", "localhost");
    const { context, page, errors } = await newPage(e2e.browser, baseUrl, { mobile: true, ageConfirmed: true });
    await addVirtualAuthenticator(page);
    await visit(page, "/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("heading", { name: "Configure a verificação em duas etapas" }).waitFor();
    await page.locator("[data-totp-secret]").waitFor();
    // Without a name the passkey is not created.
    await page.getByRole("button", { name: "Usar uma chave de acesso" }).click();
    await page.getByText("Dê um nome à chave").waitFor();
    await page.getByLabel("Nome da chave").fill("Meu celular");
    await shot(page, `${SHOTS}/passkeys-forced-setup-390`);
    await page.getByRole("button", { name: "Usar uma chave de acesso" }).click();
    const codes = page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await page.getByRole("button", { name: "Guardei meus códigos" }).click();
    await page.waitForURL(/\/dashboard/);

    // Her next sign-in asks that passkey (or a recovery code), never the app's code.
    await page.evaluate(() => window.localStorage.removeItem("modelToken"));
    await visit(page, "/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("button", { name: "Usar chave de acesso" }).click();
    await page.waitForURL(/\/dashboard/);
    const off = await fetch(`${e2e.site.baseUrl}/api/admin/settings/${setting.id}`, {
      method: "PUT",
      headers: adminHeaders,
      body: JSON.stringify({ value: "false" }),
    });
    assert.equal(off.status, 200);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the admin, without a passkey, is offered only the code; she adds a passkey and then it is offered too", async () => {
    const baseUrl = e2e.site.baseUrl.replace("127.0.0.1", "localhost");
    const { context, page, errors } = await newPage(e2e.browser, baseUrl, { ageConfirmed: true });
    await addVirtualAuthenticator(page);
    await visit(page, "/admin/login");
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByLabel("Código de verificação").waitFor();
    // No passkey yet: the code step offers only the app's code (or a recovery code).
    assert.equal(await page.getByRole("button", { name: "Usar chave de acesso" }).count(), 0);
    await completeAdminSecondStep(page);
    await page.waitForURL("**/admin/dashboard");

    await visit(page, "/admin/settings");
    const card = page.getByRole("region", { name: "Chaves de acesso (passkeys)" });
    await card.getByLabel("Nome da nova chave").fill("Chave do escritório");
    await card.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    await card.getByText("Chave do escritório").waitFor();
    await shot(page, `${SHOTS}/passkeys-admin-settings-1280`, { settle: 400 });

    await page.evaluate(() => window.localStorage.removeItem("token"));
    await visit(page, "/admin/login");
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByLabel("Código de verificação").waitFor();
    await page.getByRole("button", { name: "Usar chave de acesso" }).waitFor();
    await shot(page, `${SHOTS}/passkeys-code-step-1280`);

    await visit(page, "/admin/login");
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await page.waitForURL("**/admin/dashboard");

    // Her two-step sign-in in Configurações: a new phone, confirmed by its first code, then the app removed (the
    // passkey stays her second factor, and can no longer be removed).
    await visit(page, "/admin/settings");
    const twoStep = page.getByRole("region", { name: "Verificação em duas etapas" });
    await twoStep.getByText("Ativada").waitFor();
    assert.equal(await twoStep.getByRole("button", { name: "Desativar" }).count(), 0, "mandatory for admins");
    await twoStep.getByRole("button", { name: "Trocar aplicativo" }).click();
    const replace = page.getByRole("dialog", { name: "Trocar o aplicativo autenticador?" });
    await replace.getByLabel("Código de verificação").fill(await nextAdminCode(page.url()));
    await replace.getByRole("button", { name: "Trocar aplicativo" }).click();
    const secret = (await twoStep.locator("[data-totp-secret]").textContent())!.trim();
    rememberAdminSecret(page.url(), secret);
    await twoStep.getByLabel("Código de verificação").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await twoStep.getByRole("button", { name: "Ativar" }).click();
    const codes = twoStep.getByRole("list", { name: "Códigos de recuperação" });
    await codes.waitFor();
    const recoveryCode = (await codes.getByRole("listitem").first().textContent())!.trim();
    await twoStep.getByRole("button", { name: "Guardei meus códigos" }).click();

    await twoStep.getByRole("button", { name: "Remover aplicativo" }).click();
    const remove = page.getByRole("dialog", { name: "Remover o aplicativo autenticador?" });
    await remove.getByLabel("Sua senha").fill(ADMIN.password);
    await remove.getByLabel("Código de verificação").fill(recoveryCode);
    await shot(page, `${SHOTS}/admin-remove-app-dialog-1280`, { fullPage: false });
    await remove.getByRole("button", { name: "Remover aplicativo" }).click();
    await twoStep.getByRole("button", { name: "Adicionar aplicativo autenticador" }).waitFor();
    await twoStep.getByText("Cada login pede sua chave de acesso").waitFor();
    const passkeysCard = page.getByRole("region", { name: "Chaves de acesso (passkeys)" });
    await passkeysCard.getByText("Esta chave é sua única verificação em duas etapas").waitFor();
    assert.equal(await passkeysCard.getByRole("button", { name: "Remover Chave do escritório" }).count(), 0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await twoStep.scrollIntoViewIfNeeded();
      await shot(twoStep, `${SHOTS}/admin-two-step-card-${width}`, { settle: 300 });
      await shot(passkeysCard, `${SHOTS}/admin-passkeys-card-${width}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
