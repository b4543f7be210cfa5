import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { modelProfilePath, type PublicModelsResponse, type PublicSettingsResponse } from "@vitrine/contracts";
import type { Locator, Page } from "playwright-core";
import { updateEveryModel } from "../apps/server/src/test/factories";
import { shot, visit } from "./harness";
import { useSite } from "./fixtures";
import { cards, loadAllImages, newPage, overlayGone } from "./public-support";

/**
 * The visitor's texts: the header search counts the cities it shows and Enter opens the first of them, the model
 * search is labelled as one, the profile carries the safety advice (in the server's HTML too), counts are written
 * with singular and plural, and the WhatsApp button opens the chat with a greeting typed in.
 */

const SHOTS = "public-texts";

/** Every model starts with no views, so a profile's first visit shows exactly one. */
const e2e = useSite({ data: "demo", prepare: (app) => updateEveryModel(app, { viewsCount: 0 }) });

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(`${e2e.site.baseUrl}${url}`);
  assert.equal(res.ok, true, `${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The n-th model of the listing (every demo model has a WhatsApp number); a different one per test, so that each
 * profile's first visit is the test's.
 */
async function listedModel(n: number) {
  const { models: listed } = await getJson<PublicModelsResponse>(`/api/models/public?limit=20`);
  return listed[n];
}

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Buscar cidade" }).locator("visible=true");
/** Waits until the search box holds no text (a change of page empties it). */
const boxEmptied = async (search: Locator) => {
  const input = await search.elementHandle();
  await search.page().waitForFunction((el) => (el as HTMLInputElement).value === "", input);
};
/** The dropdown's status line once it counts cities (whatever its wording). */
const cityCount = (page: Page) =>
  page
    .getByRole("status")
    .locator("visible=true")
    .filter({ hasText: /^\d+ cidade/ });
const cityLinks = (page: Page) =>
  page.getByRole("list", { name: "Cidades encontradas" }).locator("visible=true").getByRole("link");

describe("public texts", () => {
  test("the header search counts the cities it shows; Enter opens the first; the model search is labelled", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/");
    const search = searchBox(page);

    // "rio": many municipalities match, few have ads; the count is the cities listed.
    await search.fill("rio");
    await cityCount(page).waitFor();
    await page.getByText("Carregando prévias...").waitFor({ state: "hidden" });
    const shown = await cityLinks(page).count();
    assert.ok(shown > 0, "some cities are listed");
    assert.equal(
      await cityCount(page).textContent(),
      shown === 1 ? "1 cidade encontrada" : `${shown} cidades encontradas`,
    );

    // Enter opens the first city listed.
    const firstHref = await cityLinks(page).first().getAttribute("href");
    assert.ok(firstHref?.startsWith("/cidade/"), `first city link: ${firstHref}`);
    await search.press("Enter");
    await page.waitForURL(`**${firstHref}`);
    await cards(page).first().waitFor();
    await boxEmptied(search);

    // The model search is offered as one, under the cities.
    await search.fill("rio");
    const modelSearch = page.getByRole("link", { name: "Buscar modelos por “rio”" });
    await modelSearch.waitFor();
    assert.equal(await modelSearch.getAttribute("href"), "/?search=rio");
    await modelSearch.click();
    await page.waitForURL("**/?search=rio");
    await page.getByRole("heading", { name: 'Resultados para "rio"' }).waitFor();

    // Enter pressed before the search answered waits for it, then opens the first city.
    await search.fill("rio de janeiro");
    await search.press("Enter");
    await page.waitForURL("**/cidade/rio-de-janeiro-rj");
    // The new location empties the box when the page renders it, a moment after the address changed: text typed
    // before that render would be emptied with it.
    await boxEmptied(search);

    // No city shown: Enter runs the model search.
    await search.fill("zzqq");
    await page.getByText("Nenhuma cidade encontrada").waitFor();
    await search.press("Enter");
    await page.waitForURL("**/?search=zzqq");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("screenshots of the header search open at 390 px and 1280 px (on phones, in the menu)", async () => {
    for (const mobile of [true, false]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, "/");
      if (mobile) await page.getByRole("button", { name: "Abrir menu" }).click();
      await searchBox(page).fill("rio");
      await cityCount(page).waitFor();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>("[data-city-option] img")).every((img) => img.complete),
      );
      await shot(page, `${SHOTS}/header-search-${width}`, { fullPage: false, settle: 300 });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("a profile seen once says “1 visualização”", async () => {
    const model = await listedModel(0);
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, modelProfilePath(model));
    await page.getByRole("heading", { level: 1, name: model.name }).waitFor();
    assert.equal(await page.getByTestId("profile-views").textContent(), "1 visualização");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the WhatsApp button opens the chat with the greeting typed in and still counts the contact", async () => {
    const model = await listedModel(1);
    const { settings } = await getJson<PublicSettingsResponse>("/api/settings/public");
    const greeting = `Olá, vi seu anúncio na ${settings.site_name || "Vitrine"} e gostaria de mais informações.`;
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    const contacts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes(`/api/models/public/${model.id}/contact`)) contacts.push(r.url());
    });
    await visit(page, modelProfilePath(model));
    const whatsapp = page.getByRole("link", { name: "WhatsApp" });
    const href = (await whatsapp.getAttribute("href")) ?? "";
    assert.match(href, /^https:\/\/wa\.me\/55\d+\?text=/);
    assert.ok(href.endsWith(`?text=${encodeURIComponent(greeting)}`), href);
    assert.equal(new URL(href).searchParams.get("text"), greeting);

    // The click still counts a contact (the chat's new tab is closed at once).
    const [popup] = await Promise.all([context.waitForEvent("page"), whatsapp.click()]);
    await popup.close();
    for (let i = 0; i < 50 && contacts.length === 0; i++) await page.waitForTimeout(100);
    assert.equal(contacts.length, 1, "one contact recorded");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the profile carries the safety advice, also in the server's page without JavaScript", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, modelProfilePath(await listedModel(2)));
    await page.getByText("Tome precauções:", { exact: true }).waitFor();
    const advice = page.getByRole("complementary", { name: "Dicas de segurança" });
    await advice.getByText("Tome precauções:", { exact: true }).waitFor();
    await advice.getByText("Nunca pague adiantado fora do site:", { exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const plain = await e2e.browser.newContext({
      baseURL: e2e.site.baseUrl,
      javaScriptEnabled: false,
      locale: "pt-BR",
    });
    await plain.addCookies([{ name: "age_ok", value: "1", url: e2e.site.baseUrl }]);
    const plainPage = await plain.newPage();
    const model = await listedModel(3);
    await plainPage.goto(modelProfilePath(model));
    await plainPage.getByRole("heading", { level: 1, name: model.name }).waitFor();
    const plainAdvice = plainPage.getByRole("complementary", { name: "Dicas de segurança" });
    await plainAdvice.getByText("Nunca pague adiantado fora do site:", { exact: true }).waitFor({ timeout: 5_000 });
    // The server's page also has the singular count and the WhatsApp greeting.
    assert.equal(await plainPage.getByTestId("profile-views").textContent(), "1 visualização");
    const href = (await plainPage.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "";
    assert.match(href, /\?text=Ol%C3%A1%2C%20vi%20seu%20an%C3%BAncio%20na%20/);
    await plain.close();
  });

  test("screenshots of the profile with the safety advice at 390 px and 1280 px", async () => {
    const model = await listedModel(4);
    for (const mobile of [true, false]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, modelProfilePath(model));
      await page.getByRole("heading", { level: 1, name: model.name }).waitFor();
      await loadAllImages(page);
      await overlayGone(page);
      await shot(page, `${SHOTS}/profile-${width}`);
      await page.getByTestId("safety-advice").scrollIntoViewIfNeeded();
      await shot(page, `${SHOTS}/profile-safety-${width}`, { fullPage: false });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
