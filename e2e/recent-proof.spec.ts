import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { linkToken } from "../apps/server/src/test/smtp";
import { addVirtualAuthenticator, newPage, shot, visit } from "./harness";
import { advertiser, type Advertiser, siteCall, useSite } from "./fixtures";

/**
 * "Confirme que é você" end to end: a session whose last proof is older than the window (made stale with the
 * server's own store, while the site is stopped) is asked to prove it is her before a sensitive change, answers with
 * a passkey (Chromium's virtual authenticator) or with a code of her app, and the change then goes through. And after
 * a password reset her first screen reviews the passkey she had added before it. Pages open at localhost (a WebAuthn
 * relying party id is a domain); a restarted site has a new port, the same relying party.
 */
const SHOTS = "recent-proof";

// A site of its own: making a proof stale stops and restarts it.
const e2e = useSite({});

const local = () => e2e.site.baseUrl.replace("127.0.0.1", "localhost");

/** Her browser at localhost, signed in with her token on whichever port the site has. */
async function herPage(her: Advertiser, mobile: boolean) {
  const opened = await newPage(e2e.browser, local(), { mobile, ageConfirmed: true });
  await opened.context.addInitScript((t) => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      window.localStorage.setItem("modelToken", t);
    }
  }, her.token);
  opened.context.setDefaultTimeout(60_000);
  return opened;
}

/** Her session's last proof moves past the window (the site is stopped meanwhile and comes back on a new port). */
async function makeStale(token: string) {
  await e2e.write(async (app) => {
    const { staleProof } = await import("../apps/server/src/test/recent-proof");
    await staleProof(app, token);
  });
}

/** Adds a passkey in Configurações through the virtual authenticator (her sign-in is a fresh proof). */
async function addPasskeyOnScreen(page: Page, name: string) {
  await visit(page, `${local()}/dashboard/configuracoes`);
  const card = page.getByRole("region", { name: "Chaves de acesso (passkeys)" });
  await card.getByText("Nenhuma chave de acesso cadastrada.").waitFor();
  await card.getByLabel("Nome da nova chave").fill(name);
  await card.getByRole("button", { name: "Adicionar chave de acesso" }).click();
  await card.getByRole("button", { name: "Guardei meus códigos" }).click();
  await card.getByText(name).waitFor();
}

/** "Baixar meus dados": answers the file's name once the browser received it. */
async function downloadMyData(page: Page, confirm: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar meus dados" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
  await dialog.waitFor();
  await confirm(dialog);
  await dialog.waitFor({ state: "detached" });
  return (await download).suggestedFilename();
}

describe("Confirme que é você", () => {
  test("at 1280 px a stale session proves it with her passkey, and her data download goes through", async () => {
    const her = await advertiser(e2e.site, "registered");
    const { context, page, errors } = await herPage(her, false);
    await addVirtualAuthenticator(page);
    await addPasskeyOnScreen(page, "Meu celular");

    await makeStale(her.token);
    await visit(page, `${local()}/dashboard/configuracoes`);
    // Cancelled, nothing happens and she is told so.
    await page.getByRole("button", { name: "Baixar meus dados" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
    await dialog.getByLabel("Sua senha").waitFor();
    assert.equal(
      await dialog.getByLabel("Sua senha").evaluate((el) => el === document.activeElement),
      true,
      "the password field has the focus",
    );
    await shot(page, `${SHOTS}/dialog-1280`);
    await page.keyboard.press("Escape");
    await page.getByText("Nada foi alterado: confirme que é você para continuar.").waitFor();

    const file = await downloadMyData(page, async (asked) => {
      await asked.getByRole("button", { name: "Usar chave de acesso" }).click();
    });
    assert.match(file, /^meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByText("Seus dados foram baixados.").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("at 390 px she proves it with a code of her app, after a wrong password", async () => {
    const her = await advertiser(e2e.site, "registered");
    // Her authenticator app, set up while her sign-in is a fresh proof.
    const { secret } = await siteCall<{ secret: string }>(e2e.site, "POST", "/api/models/two-factor/setup", {
      token: her.token,
    });
    const code = (at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
    await siteCall(e2e.site, "POST", "/api/models/two-factor/confirm", { token: her.token, body: { code: code() } });

    await makeStale(her.token);
    const { context, page, errors } = await herPage(her, true);
    await visit(page, `${local()}/dashboard/configuracoes`);
    const file = await downloadMyData(page, async (asked) => {
      await asked.getByLabel("Sua senha").fill("nao-e-a-senha");
      await asked.getByRole("button", { name: "Confirmar" }).click();
      await asked.getByText("Senha incorreta").first().waitFor();
      await asked.getByRole("radio", { name: "Código do app" }).click();
      const field = asked.getByLabel("Código do app ou de recuperação");
      assert.equal(await field.evaluate((el) => el === document.activeElement), true, "the code field has the focus");
      // The next 30-second step: the set-up spent the current one.
      await field.fill(code(Date.now() + 30_000));
      await shot(page, `${SHOTS}/dialog-code-390`);
      await asked.getByRole("button", { name: "Confirmar" }).click();
    });
    assert.match(file, /^meus-dados-/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("after a password reset her first screen lists the passkey she had added before it", async () => {
    const her = await advertiser(e2e.site, "registered");
    const { context, page, errors } = await herPage(her, true);
    await addVirtualAuthenticator(page);
    await addPasskeyOnScreen(page, "Celular antigo");

    const newPassword = "outra-senha-forte-9";
    await siteCall(e2e.site, "POST", "/api/auth/password/forgot", { body: { email: her.email, role: "model" } });
    const mail = await e2e.site.mail.waitFor({ to: her.email, subject: /nova senha/ }, 15_000);
    await siteCall(e2e.site, "POST", "/api/auth/password/reset", {
      body: { token: linkToken(mail, "/redefinir-senha"), password: newPassword },
    });

    // The reset ended her sessions: she signs in again, with the new password and her passkey.
    await page.evaluate(() => window.localStorage.removeItem("modelToken"));
    await visit(page, `${local()}/login`);
    await page.getByLabel("E-mail").fill(her.email);
    await page.getByLabel("Senha", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("button", { name: "Usar chave de acesso" }).click();
    await page.waitForURL(/\/dashboard\/revisar-acesso$/);
    await page.getByRole("heading", { name: "Revise o acesso à sua conta" }).waitFor();
    const passkeys = page.getByRole("region", { name: "Chaves de acesso (passkeys)" });
    await passkeys.getByText("Celular antigo").waitFor();
    await page.getByRole("region", { name: "Sessões ativas" }).getByText("Esta sessão").first().waitFor();
    await shot(page, `${SHOTS}/review-390`);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The header settles into its desktop layout before the picture.
    await shot(page, `${SHOTS}/review-1280`, { settle: 500 });

    // Another page of the panel leads back to the review until she confirms.
    await visit(page, `${local()}/dashboard`);
    await page.waitForURL(/\/dashboard\/revisar-acesso$/);
    await page.getByRole("button", { name: "Reconheço todos" }).click();
    await page.waitForURL(/\/dashboard$/);
    await visit(page, `${local()}/dashboard/configuracoes`);
    await page.getByRole("heading", { name: "Configurações" }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
