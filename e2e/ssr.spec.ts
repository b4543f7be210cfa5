import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PublicModelsResponse } from "@vitrine/contracts";
import type { BrowserContext } from "playwright-core";
import { shot, visit } from "./harness";
import { useSite } from "./fixtures";
import { newPage } from "./public-support";

const SAO_PAULO = { id: 3550308, slug: "sao-paulo-sp", label: "São Paulo - SP" };

const e2e = useSite({ data: "demo" });

/** A phone without JavaScript that accepted the age gate before (its cookie). */
async function noScriptPhone(): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.site.baseUrl,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: "pt-BR",
  });
  await context.addCookies([{ name: "age_ok", value: "1", url: e2e.site.baseUrl }]);
  return context;
}

describe("server rendering", () => {
  test("without JavaScript a city page shows its heading and models, and a card opens the profile", async () => {
    const res = await fetch(`${e2e.site.baseUrl}/api/models/public?city_id=${SAO_PAULO.id}&limit=24`);
    const { models } = (await res.json()) as PublicModelsResponse;
    assert.ok(models.length >= 2, "the demo has São Paulo models");

    const context = await noScriptPhone();
    const page = await context.newPage();
    const answer = await page.goto(`/cidade/${SAO_PAULO.slug}`);
    assert.equal(answer?.status(), 200);
    await page.getByRole("heading", { level: 1, name: SAO_PAULO.label }).waitFor();
    assert.equal(await page.locator("h1").count(), 1);
    for (const model of models.slice(0, 6)) {
      await page.getByTestId("model-card").filter({ hasText: model.name }).first().waitFor();
    }
    assert.match(await page.title(), /^Acompanhantes em São Paulo - SP \| /);
    await shot(page, "ssr-city-nojs-phone");

    // A card is a real link: the profile is rendered by the server too.
    const first = models[0];
    await page.getByTestId("model-card").getByRole("link", { name: first.name, exact: true }).first().click();
    await page.waitForURL(`**/cidade/${SAO_PAULO.slug}/*/${first.id}`);
    await page.getByRole("heading", { level: 1, name: first.name }).waitFor();
    assert.match(await page.title(), new RegExp(`^${first.name}, `));
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    assert.match(canonical ?? "", new RegExp(`/cidade/${SAO_PAULO.slug}/[^/]+/${first.id}$`));
    await shot(page, "ssr-profile-nojs-phone");

    // The breadcrumb leads back to the city, still without JavaScript.
    await page.getByRole("navigation", { name: "Trilha" }).getByRole("link", { name: SAO_PAULO.label }).click();
    await page.waitForURL(`**/cidade/${SAO_PAULO.slug}`);
    await page.getByRole("heading", { level: 1, name: SAO_PAULO.label }).waitFor();

    // The other profile forms answer the same page; an unknown one is a 404 page.
    assert.equal((await page.goto(`/model/${first.id}`))?.status(), 200);
    await page.getByRole("heading", { level: 1, name: first.name }).waitFor();
    assert.equal((await page.goto("/model/999999999"))?.status(), 404);
    await page.getByText("Modelo não encontrada").waitFor();
    assert.equal((await page.goto("/model/abc"))?.status(), 400);
    await page.getByText("ID inválido").first().waitFor();
    await page.goto("/");
    await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
    await shot(page, "ssr-home-nojs-phone");
    await context.close();
  });

  test("a new visitor sees the age gate in the server's HTML, and can enter before any script runs", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.site.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/cidade/${SAO_PAULO.slug}?search=a`);
    const gate = page.getByRole("dialog", { name: "Conteúdo adulto (+18)" });
    await gate.waitFor();
    // Without the script the button is a form: the server records the answer and brings her back to this page.
    await gate.getByRole("button", { name: "Entrar no site" }).click();
    await page.waitForURL(`**/cidade/${SAO_PAULO.slug}?search=a`);
    await page.getByRole("heading", { level: 1, name: SAO_PAULO.label }).waitFor();
    assert.equal(await gate.count(), 0, "the gate is gone");
    const cookies = await context.cookies();
    assert.ok(cookies.some((c) => c.name === "age_ok" && c.value === "1"));
    await context.close();
  });

  test("with JavaScript the page hydrates without errors, without a second listing request, and stays interactive", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      // A hydration mismatch is reported on the console: any console error fails the test.
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const listingRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/models/public?")) listingRequests.push(request.url());
      });
      await visit(page, `/cidade/${SAO_PAULO.slug}`);
      await page.getByRole("heading", { level: 1, name: SAO_PAULO.label }).waitFor();
      await page.getByTestId("results-count").waitFor();
      await page.waitForLoadState("networkidle");
      assert.deepEqual(listingRequests, [], "the listing came with the page");
      await shot(page, `ssr-city-js-${mobile ? "phone" : "desktop"}`);

      // Client navigation still works after hydration: a card opens the profile without a reload.
      await page.getByTestId("model-card").first().getByRole("link").click();
      await page.waitForURL(/\/cidade\/sao-paulo-sp\/[^/]+\/\d+$/);
      await page.locator("h1").first().waitFor();
      if (mobile) await shot(page, "ssr-profile-js-phone");
      await visit(page, "/");
      await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
      if (mobile) await shot(page, "ssr-home-js-phone");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
