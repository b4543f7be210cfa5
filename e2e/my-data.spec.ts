import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import { advertiser } from "./fixtures";
import { launchBrowser, newPage, type Site, startSite } from "./harness";

/**
 * "Baixar meus dados" end to end: in Configurações she clicks it and a ZIP with her dados.json arrives. And the
 * dashboard's prompt when the Termos de Uso changed: "Li e aceito" records her acceptance.
 */
const SHOTS = "/tmp/shots/data";
const id = randomUUID().slice(0, 8);
/** Her e-mail, once registered (fixtures.ts). */
const MODEL = { email: "" };

let site: Site;
let token: string;
let browser: Browser;
before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

describe("Baixar meus dados", () => {
  test("the button in Configurações downloads a ZIP with her data", async () => {
    const her = await advertiser(site, "registered", { registration: { name: `Lia ${id}`, age: 27 } });
    ({ token } = her);
    MODEL.email = her.email;

    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(browser, site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), token);
      await page.goto("/dashboard/configuracoes");
      const card = page.getByRole("region", { name: "Baixar meus dados" });
      const button = card.getByRole("button", { name: "Baixar meus dados" });
      await button.waitFor();
      await card.screenshot({ path: path.join(SHOTS, `download-card-${mobile ? 390 : 1280}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `settings-${mobile ? 390 : 1280}.png`), fullPage: true });

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
      const { context, page, errors } = await newPage(browser, site.baseUrl, { mobile, ageConfirmed: true });
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
      await page.goto("/dashboard");
      const prompt = page.getByRole("region", { name: "Termos de Uso atualizados" });
      await prompt.waitFor();
      await prompt.screenshot({ path: path.join(SHOTS, `terms-prompt-${mobile ? 390 : 1280}.png`) });
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
