import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { cardTitled } from "./admin-catalog-support";
import { adminPage, advertiser, advertiserPage, siteCall, useSite } from "./fixtures";
import { axeSeriousFindings } from "./axe";
import { shot, visit } from "./harness";

/**
 * Issue 30's structured profile: the admin keeps the list of services (Configurações > Serviços: add, a repeated
 * name refused, remove); in her editor she ticks where she receives and the languages she speaks, writes her
 * neighbourhood and turns one of the admin's services on beside her own text; saved, they are shown back.
 */
const e2e = useSite();
const tag = randomUUID().slice(0, 6);
const MASSAGE = `Massagem ${tag}`;
const DINNER = `Jantar ${tag}`;

type Own = { model: { receives_at: string[]; neighborhood: string | null; languages: string[]; services: string } };

describe("profile fields and the admin's services", () => {
  test("the admin adds and removes services; she fills the new fields, saves, and sees them again", async () => {
    const admin = await adminPage(e2e.browser, e2e.site);
    try {
      await visit(admin.page, "/admin/settings");
      const card = cardTitled(admin.page, "Serviços");
      for (const name of [MASSAGE, DINNER]) {
        await card.getByLabel("Novo serviço").fill(name);
        await card.getByRole("button", { name: "Adicionar" }).click();
        await card.getByRole("list", { name: "Serviços cadastrados" }).getByText(name, { exact: true }).waitFor();
      }
      // The same name again, in other letters: refused with the server's message under the field.
      await card.getByLabel("Novo serviço").fill(MASSAGE.toUpperCase());
      await card.getByRole("button", { name: "Adicionar" }).click();
      await card.getByText("Este serviço já está na lista").waitFor();
      assert.equal(await card.getByLabel("Novo serviço").getAttribute("aria-invalid"), "true");
      await card.getByRole("button", { name: `Remover ${DINNER}` }).click();
      await card.getByRole("button", { name: `Remover ${DINNER}` }).waitFor({ state: "detached" });
      await card.scrollIntoViewIfNeeded();
      await shot(card, "profile-fields/admin-services-1280");
      assert.deepEqual(admin.errors, []);
    } finally {
      await admin.context.close();
    }
    const publicNames = await siteCall<{ options: string[] }>(e2e.site, "GET", "/api/service-options");
    assert.ok(publicNames.options.includes(MASSAGE));
    assert.ok(!publicNames.options.includes(DINNER));

    const her = await advertiser(e2e.site, "confirmed");
    for (const mobile of [false, true]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await advertiserPage(e2e.browser, e2e.site, her, { mobile });
      try {
        await visit(page, "/dashboard/profile");
        if (!mobile) {
          await page.getByRole("group", { name: "Atende em" }).getByLabel("Hotel").check();
          await page.getByRole("group", { name: "Atende em" }).getByLabel("Motel").check();
          await page.getByRole("group", { name: "Idiomas" }).getByLabel("Inglês").check();
          await page.getByLabel("Bairro ou região").fill("Moema");
          await page.getByLabel("Serviços", { exact: true }).fill("Jantar a dois");
          await page.getByRole("button", { name: MASSAGE }).click();
          assert.equal(await page.getByLabel("Serviços", { exact: true }).inputValue(), `Jantar a dois, ${MASSAGE}`);
          await page.getByRole("button", { name: "Salvar" }).click();
          await page.waitForURL("**/dashboard");
          await visit(page, "/dashboard/profile");
        }
        // Shown back as saved.
        assert.equal(await page.getByLabel("Bairro ou região").inputValue(), "Moema");
        const atende = page.getByRole("group", { name: "Atende em" });
        assert.equal(await atende.getByLabel("Hotel").isChecked(), true);
        assert.equal(await atende.getByLabel("Motel").isChecked(), true);
        assert.equal(await atende.getByLabel("Local próprio").isChecked(), false);
        assert.equal(await page.getByRole("group", { name: "Idiomas" }).getByLabel("Inglês").isChecked(), true);
        assert.equal(await page.getByRole("button", { name: MASSAGE }).getAttribute("aria-pressed"), "true");
        await page.getByRole("group", { name: "Atende em" }).scrollIntoViewIfNeeded();
        await shot(page, `profile-fields/editor-${width}`);
        assert.deepEqual(await axeSeriousFindings(page), [], "axe on the editor");
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
    const { model } = await siteCall<Own>(e2e.site, "GET", "/api/models/profile", { token: her.token });
    assert.deepEqual(model.receives_at, ["hotel", "motel"]);
    assert.deepEqual(model.languages, ["en"]);
    assert.equal(model.neighborhood, "Moema");
    assert.equal(model.services, `Jantar a dois, ${MASSAGE}`);
  });
});
