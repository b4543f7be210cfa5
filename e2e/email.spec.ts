import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { linkToken } from "../apps/server/src/test/smtp";
import { buildRegistration, useSite } from "./fixtures";
import { newPage, shot as takeShot, visit } from "./harness";

/**
 * E-mail end to end, read from the local SMTP server the site sends to: a new model sees the confirmation banner,
 * opens the link from her e-mail and the banner is gone; she forgets her password, asks for a link on the login
 * page, sets a new password from the e-mail and signs in with it (the old one fails).
 */
const id = randomUUID().slice(0, 8);
const MODEL = buildRegistration({ name: `Lia ${id}`, age: 25 });

const e2e = useSite();

/** Screenshots at 390 and 1280 px, looked at by a person. */
const shot = (page: Page, name: string, opts?: Parameters<typeof takeShot>[2]) => takeShot(page, `mail/${name}`, opts);

async function settle(page: Page) {
  await page.locator('[data-testid="top-progress"][data-active="false"]').waitFor({ state: "attached" });
  await page.waitForTimeout(300);
}

async function signIn(page: Page, password: string) {
  await visit(page, "/login");
  await page.getByLabel("E-mail").fill(MODEL.email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

describe("e-mail", () => {
  test("confirmation: banner, the link from the e-mail, banner gone", async () => {
    const res = await fetch(`${e2e.site.baseUrl}/api/auth/model/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(MODEL),
    });
    assert.equal(res.status, 201);
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await signIn(page, MODEL.password);
      await page.waitForURL("**/dashboard");
      const banner = page.locator("[data-email-banner]");
      await banner.waitFor();
      assert.match(await banner.innerText(), /Confirme seu e-mail/);
      await shot(page, `dashboard-confirm-banner-${mobile ? 390 : 1280}`, { settle: () => settle(page) });
      if (!mobile) {
        // Reenviar: a second message, and only the newest link works.
        const sentBefore = e2e.site.mail.received.filter((m) => /Confirme seu e-mail/.test(m.subject)).length;
        await banner.getByRole("button", { name: "Reenviar link" }).click();
        await page.getByText("Enviamos um novo link").waitFor();
        const confirmations = () => e2e.site.mail.received.filter((m) => /Confirme seu e-mail/.test(m.subject)).length;
        for (let i = 0; i < 100 && confirmations() === sentBefore; i++) await page.waitForTimeout(50);
        const latest = e2e.site.mail.received
          .filter((m) => m.to.includes(MODEL.email) && /Confirme seu e-mail/.test(m.subject))
          .at(-1)!;
        await visit(page, `/confirmar-email?token=${linkToken(latest, "/confirmar-email")}`);
        await page.getByText("E-mail confirmado").waitFor();
        await shot(page, "confirm-email-1280", { settle: () => settle(page) });
        await page.getByRole("link", { name: "Ir para o painel" }).click();
        await page.waitForURL("**/dashboard");
        await page.getByRole("heading", { name: "Meu Perfil" }).waitFor();
        await settle(page);
        assert.equal(await page.locator("[data-email-banner]").count(), 0);
        // The first link was replaced by the second.
        const first = e2e.site.mail.received.find((m) => m.to.includes(MODEL.email) && /Confirme/.test(m.subject))!;
        await visit(page, `/confirmar-email?token=${linkToken(first, "/confirmar-email")}`);
        await page.getByText(/expirou ou já foi usado/).waitFor();
        await shot(page, "confirm-email-used-1280");
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("Esqueci minha senha: the link from the e-mail sets a new password", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      const width = mobile ? 390 : 1280;
      await visit(page, "/login");
      await page.getByRole("link", { name: "Esqueci minha senha" }).click();
      await page.waitForURL("**/esqueci-senha");
      // The login page stays on screen while the next page's module loads: wait for the new page itself.
      await page.getByRole("heading", { name: "Esqueci minha senha" }).waitFor();
      await page.getByLabel("E-mail").fill(mobile ? `ninguem-${id}@e2e.local` : MODEL.email);
      await shot(page, `forgot-password-${width}`, { settle: () => settle(page) });
      await page.getByRole("button", { name: "Enviar link" }).click();
      const answer = page.locator("[data-forgot-answer]");
      await answer.waitFor();
      // The same answer for an unknown e-mail (phone) and a real one (desktop).
      assert.match(await answer.innerText(), /Se houver uma conta com este e-mail/);
      await shot(page, `forgot-password-sent-${width}`);
      if (!mobile) {
        const mail = await e2e.site.mail.waitFor({ to: MODEL.email, subject: /nova senha/ }, 15_000);
        assert.match(mail.html, /Criar nova senha/);
        // The message itself, as a mail client shows its HTML, at both widths.
        const preview = await context.newPage();
        for (const width of [390, 1280]) {
          await preview.setViewportSize({ width, height: 800 });
          await preview.setContent(mail.html);
          await shot(preview, `reset-email-${width}`);
        }
        await preview.close();
        await visit(page, `/redefinir-senha?token=${linkToken(mail, "/redefinir-senha")}`);
        await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-forte-9");
        await page.getByLabel("Repita a nova senha").fill("nova-senha-forte-9");
        await shot(page, "reset-password-1280", { settle: () => settle(page) });
        await page.getByRole("button", { name: "Salvar nova senha" }).click();
        await page.waitForURL("**/login");
        await signIn(page, MODEL.password);
        await page.locator("[data-login-error]").waitFor();
        await signIn(page, "nova-senha-forte-9");
        await page.waitForURL("**/dashboard");
      } else {
        assert.equal(e2e.site.mail.received.filter((m) => m.to.includes(`ninguem-${id}`)).length, 0);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("the reset page at 390 px", async () => {
    const { context, page } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await visit(page, "/redefinir-senha?token=abc");
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-forte-9");
    await page.getByLabel("Repita a nova senha").fill("nova-senha-forte-9");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText(/expirou ou já foi usado/).waitFor();
    await shot(page, "reset-password-used-390", { settle: () => settle(page) });
    await context.close();
  });
});
