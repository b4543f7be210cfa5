import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { RESTORE_FALSE_REPORTS_LABEL } from "@vitrine/contracts";
import type { Page } from "playwright-core";
import { linkToken } from "../apps/server/src/test/smtp";
import { axeSeriousFindings } from "./axe";
import { ADMIN, newPage, reload, shot, signInAsAdmin, visit } from "./harness";
import { advertiser, useSite } from "./fixtures";

/**
 * Trusted notifiers (decision 061), clicked through the built site: the admin adds an organisation from
 * Denúncias > "Notificadores confiáveis"; the organisation opens the link the site e-mailed it (read from the
 * local SMTP server), sets its password, signs in at /notificador/entrar and reports a public profile, which is
 * gone from the public site at once; the admin is e-mailed, finds the held case and restores it; then revokes the
 * notifier, whose open page is signed out.
 */
const ORG = {
  name: "SaferNet Brasil",
  email: `denuncias-${Date.now()}@safernet.example`,
  password: "senha-da-ong-123",
};
// The server of `npm run build`: the notifier's pages as they ship.
const e2e = useSite({ built: true });
let model: { id: number; name: string };

/** A public advertiser through the API: registered, e-mail confirmed, paid up, verified and active. */
async function publicAdvertiser(): Promise<{ id: number; name: string }> {
  const her = await advertiser(e2e.site, "public");
  const profile = await fetch(`${e2e.site.baseUrl}/api/models/public/${her.id}`);
  assert.equal(profile.status, 200, "she is public before the report");
  const { model: shown } = (await profile.json()) as { model: { name: string } };
  return { id: her.id, name: shown.name };
}

const publicStatus = async () => (await fetch(`${e2e.site.baseUrl}/api/models/public/${model.id}`)).status;

/** Screenshots of the page as it is at a phone's and a desktop's width, and axe's serious findings (none). */
async function looksRight(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, `trusted-notifiers/${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
  assert.deepEqual(await axeSeriousFindings(page), [], `axe on ${name}`);
}

before(async () => {
  model = await publicAdvertiser();
});

describe("trusted notifiers", () => {
  test("admin adds a notifier → e-mailed link → password → sign-in → report hides the profile → admin restores, then revokes", async () => {
    const admin = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await signInAsAdmin(admin.page);
    await visit(admin.page, "/admin/denuncias");
    await admin.page.getByRole("link", { name: "Notificadores confiáveis" }).click();
    await admin.page.getByRole("heading", { name: "Notificadores confiáveis" }).waitFor();
    await admin.page.getByText("Nenhum notificador cadastrado.").waitFor();

    await admin.page.getByRole("button", { name: "Adicionar notificador" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Adicionar notificador" });
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await dialog.getByText("Nome da organização: escreva pelo menos 2 caracteres").waitFor();
    await dialog.getByLabel("Nome da organização").fill(ORG.name);
    await dialog.getByLabel("Tipo").selectOption("safernet");
    await dialog.getByLabel("E-mail de acesso").fill(ORG.email);
    await shot(admin.page, "trusted-notifiers/admin-add-1280");
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = admin.page.getByRole("row").filter({ hasText: ORG.name });
    await row.getByText("Convite enviado").waitFor();
    await looksRight(admin.page, "admin-list");

    // The organisation opens the link the site e-mailed it.
    const invite = await e2e.site.mail.waitFor({ to: ORG.email, subject: /Acesso de notificador confiável/ }, 15_000);
    const token = linkToken(invite, "/notificador/definir-senha");
    // Self-declaration mode: every page waits for "Entrar no site" once, the notifier's too.
    const org = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await visit(org.page, `/notificador/definir-senha?token=${token}`);
    await org.page.getByRole("heading", { name: "Definir senha" }).waitFor();
    await looksRight(org.page, "set-password");
    await org.page.getByLabel("Senha", { exact: true }).fill(ORG.password);
    await org.page.getByLabel("Repita a senha", { exact: true }).fill(ORG.password);
    await org.page.getByRole("button", { name: "Salvar senha" }).click();
    await org.page.waitForURL("**/notificador/entrar");

    await org.page.getByRole("heading", { name: "Entrar" }).waitFor();
    await looksRight(org.page, "sign-in");
    await org.page.getByLabel("E-mail").fill(ORG.email);
    await org.page.getByLabel("Senha", { exact: true }).fill("senha-errada-000");
    await org.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await org.page.getByText("E-mail ou senha incorretos").waitFor();
    await org.page.getByLabel("Senha", { exact: true }).fill(ORG.password);
    await org.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await org.page.waitForURL("**/notificador");
    await org.page.getByRole("heading", { name: ORG.name }).waitFor();
    await org.page.getByText("Nenhuma denúncia enviada ainda.").waitFor();

    await org.page.getByLabel("Perfil").fill(`${e2e.site.baseUrl}/modelo/${model.id}`);
    await org.page.getByLabel("Motivo").selectOption("minor_or_exploitation");
    await org.page.getByLabel("Descrição").fill("Fotos indicam que a pessoa anunciada é adolescente.");
    await org.page.getByRole("button", { name: "Enviar denúncia" }).click();
    await org.page.getByRole("status").getByText("O perfil foi ocultado até a decisão da equipe.").waitFor();
    await org.page
      .getByRole("row")
      .filter({ hasText: `nº ${model.id}` })
      .getByText("Perfil oculto, em análise")
      .waitFor();
    await looksRight(org.page, "notifier-home");

    // Gone from the public site at once: the API and the profile page.
    assert.equal(await publicStatus(), 404);
    const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    const page = await visit(visitor.page, `/modelo/${model.id}`);
    assert.equal(page?.status(), 404);
    assert.equal(await visitor.page.getByText(model.name).count(), 0, "nothing of her on the page");

    // Every admin is e-mailed, naming the notifier.
    const alert = await e2e.site.mail.waitFor(
      { to: ADMIN.email, subject: /Perfil ocultado por notificador confiável/ },
      15_000,
    );
    assert.ok(alert.text.includes(ORG.name), alert.text);

    // The admin finds the held case at the top of the queue and restores her.
    await visit(admin.page, "/admin/denuncias");
    await admin.page
      .getByRole("link", { name: new RegExp(`Abrir o caso nº \\d+`) })
      .first()
      .click();
    await admin.page.getByText("Notificador confiável", { exact: true }).waitFor();
    await admin.page.getByText(`Um notificador confiável (${ORG.name}) ocultou este perfil`).waitFor();
    await shot(admin.page, "trusted-notifiers/admin-case-1280");
    await admin.page.getByRole("button", { name: RESTORE_FALSE_REPORTS_LABEL }).click();
    await admin.page.getByText("Perfil restaurado.", { exact: true }).waitFor();
    assert.equal(await publicStatus(), 200, "public again after the restore");
    await e2e.site.mail.waitFor({ subject: /Seu anúncio voltou ao ar/ }, 15_000);

    // The notifier reads the decision in its list.
    await reload(org.page);
    await org.page
      .getByRole("row")
      .filter({ hasText: `nº ${model.id}` })
      .getByText("Decidida")
      .waitFor();

    // Revoked: the admin confirms in the house's dialog; the notifier's open page is signed out.
    await visit(admin.page, "/admin/notificadores");
    await admin.page.getByRole("button", { name: `Revogar ${ORG.name}` }).click();
    const confirm = admin.page.getByRole("dialog", { name: `Revogar ${ORG.name}?` });
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await admin.page.getByRole("row").filter({ hasText: ORG.name }).getByText("Revogado", { exact: true }).waitFor();
    await reload(org.page);
    await org.page.waitForURL("**/notificador/entrar");

    assert.deepEqual([...admin.errors, ...org.errors, ...visitor.errors], []);
  });
});
