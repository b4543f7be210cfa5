import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AdminSettingsResponse } from "@vitrine/contracts";
import type { Page } from "playwright-core";
import { axeSeriousFindings } from "./axe";
import { adminApiToken, newPage, shot, visit } from "./harness";
import { useSite } from "./fixtures";

/**
 * The Termos de Uso and the footer say what is true of the site: the age check in force (the visitor's
 * declaration, or a verifier), reports through "Denunciar" on each ad and the /denuncias page, and only the
 * support contacts that are set (none set: no contact at all, never "não configurado").
 */

async function setSetting(site: { baseUrl: string }, key: string, value: string): Promise<void> {
  const token = await adminApiToken(site.baseUrl);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const res = await fetch(`${site.baseUrl}/api/admin/settings`, { headers });
  const { settings } = (await res.json()) as AdminSettingsResponse;
  const found = settings.find((s) => s.setting_key === key);
  const saved = await fetch(`${site.baseUrl}/api/admin/settings${found ? `/${found.id}` : ""}`, {
    method: found ? "PUT" : "POST",
    headers,
    body: JSON.stringify(found ? { value } : { setting_key: key, setting_value: value }),
  });
  assert.ok(saved.ok, `${key}: ${saved.status} ${await saved.text()}`);
}

/** Opens the Terms from the footer of the sign-in page (no age gate there with a verifier; accepted otherwise). */
async function openTerms(page: Page) {
  await visit(page, "/login");
  await page.getByRole("contentinfo").getByRole("button", { name: "Termos de Uso" }).click();
  const terms = page.getByRole("dialog", { name: "Termos de Uso" });
  await terms.getByText("Termos de Uso").first().waitFor();
  await terms.locator("ol li").nth(8).waitFor();
  return terms;
}

const NO_CONTACT = /não configurad|não informad/i;

describe("Termos de Uso with self-declaration", () => {
  // A site of its own: the support contacts are set here.
  const e2e = useSite({});

  test("the declaration, reports through Denunciar and /denuncias, and no unset contact anywhere", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      const terms = await openTerms(page);
      await terms.getByText("Ao entrar, você declara ser maior de idade", { exact: false }).waitFor();
      assert.equal(await terms.getByText("verificador independente", { exact: false }).count(), 0);
      await terms.getByText("use o botão “Denunciar” no próprio anúncio", { exact: false }).waitFor();
      assert.equal(await terms.getByText(/WhatsApp/).count(), 0, "no support WhatsApp is set");
      assert.doesNotMatch((await terms.textContent()) ?? "", NO_CONTACT);
      await shot(page, `terms-self-declaration-${mobile ? 390 : 1280}`);
      assert.deepEqual(await axeSeriousFindings(page), []);

      // The link leads to the notice page, the dialog closed.
      await terms.getByRole("link", { name: "Denúncias e remoção de conteúdo" }).click();
      await page.waitForURL("**/denuncias");
      await terms.waitFor({ state: "hidden" });
      await page.getByRole("heading", { name: "Denúncias e remoção de conteúdo" }).first().waitFor();

      const footer = page.getByRole("contentinfo");
      assert.equal(await footer.getByRole("heading", { name: "Suporte" }).count(), 0, "no contact: no Suporte column");
      assert.doesNotMatch((await footer.textContent()) ?? "", NO_CONTACT);
      await shot(page, `footer-no-contacts-${mobile ? 390 : 1280}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("a support e-mail set: shown in the footer and the Terms, the unset phone still hidden", async () => {
    await setSetting(e2e.site, "support_email", "suporte@exemplo.com.br");
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    const terms = await openTerms(page);
    await terms.getByRole("link", { name: "suporte@exemplo.com.br" }).waitFor();
    assert.equal(await terms.getByText(/WhatsApp/).count(), 0);
    await shot(page, "terms-support-email-1280");
    await terms.getByRole("button", { name: "Fechar" }).last().click();
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("heading", { name: "Suporte" }).waitFor();
    await footer.getByRole("link", { name: "suporte@exemplo.com.br" }).waitFor();
    assert.doesNotMatch((await footer.textContent()) ?? "", NO_CONTACT);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("Termos de Uso with an age verifier", () => {
  const e2e = useSite({ verifier: "age" });

  test("the Terms state the independent verifier, not a declaration", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile });
      const terms = await openTerms(page);
      await terms.getByText("exige a verificação de idade por um verificador independente", { exact: false }).waitFor();
      assert.equal(await terms.getByText("você declara ser maior de idade", { exact: false }).count(), 0);
      await shot(page, `terms-verifier-${mobile ? 390 : 1280}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
