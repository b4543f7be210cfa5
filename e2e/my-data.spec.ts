import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { advertiser, useSite } from "./fixtures";
import { newPage, shot, visit } from "./harness";

/**
 * "Baixar meus dados" end to end: in Configurações she clicks it and a ZIP with her dados.json arrives. And the
 * dashboard's prompt when the Termos de Uso changed: "Li e aceito" records her acceptance.
 */
const SHOTS = "data";
const id = randomUUID().slice(0, 8);
/** Her e-mail, once registered (fixtures.ts). */
const MODEL = { email: "" };

const e2e = useSite();
let token: string;

describe("Baixar meus dados", () => {
  test("the button in Configurações downloads a ZIP with her data", async () => {
    const her = await advertiser(e2e.site, "registered", { registration: { name: `Lia ${id}`, age: 27 } });
    ({ token } = her);
    MODEL.email = her.email;

    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
      await visit(page, "/dashboard/configuracoes");
      const card = page.getByRole("region", { name: "Baixar meus dados" });
      const button = card.getByRole("button", { name: "Baixar meus dados" });
      await button.waitFor();
      await shot(card, `${SHOTS}/download-card-${mobile ? 390 : 1280}`);
      await shot(page, `${SHOTS}/settings-${mobile ? 390 : 1280}`);

      if (!mobile) {
        const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
        assert.match(download.suggestedFilename(), /^meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
        const file = await download.path();
        const zip = unzipSync(new Uint8Array(await readFile(file)));
        const data = JSON.parse(strFromU8(zip["dados.json"]));
        assert.equal(data.profile.email, MODEL.email);
        await page.getByText("Seus dados foram baixados.").waitFor();
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("the dashboard asks her to accept new Termos de Uso, and one click records it", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
      // As if the terms changed after she accepted them: the first answer names an older version she accepted.
      let asked = false;
      await page.route("**/api/models/my-data/consents", async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        if (!asked) body.accepted_version = body.current_version - 1;
        asked = true;
        await route.fulfill({ response: answer, json: body });
      });
      await visit(page, "/dashboard");
      const prompt = page.getByRole("region", { name: "Termos de Uso atualizados" });
      await prompt.waitFor();
      await shot(prompt, `${SHOTS}/terms-prompt-${mobile ? 390 : 1280}`);
      const [accepted] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/models/my-data/consents/terms")),
        prompt.getByRole("button", { name: "Li e aceito" }).click(),
      ]);
      assert.equal(accepted.status(), 200);
      await prompt.waitFor({ state: "detached" });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
