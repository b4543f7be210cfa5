import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AvailabilityResponse, PublicModelsResponse } from "@vitrine/contracts";
import type { Page } from "playwright-core";
import { axeSeriousFindings } from "./axe";
import { shot, visit } from "./harness";
import { type Advertiser, advertiser, siteCall, useSite, visitorPage } from "./fixtures";

/**
 * The listing's filters and order on a city page (issue 30): at 1280 px the bar, at 390 px the sheet with the
 * number of results before applying; the URL holds the choice (shared in a new browser, restored by the back
 * button, rendered by the server without JavaScript); the price on the card; "Disponível agora" appearing live on
 * an open page and going away by itself.
 */
const e2e = useSite({ data: "prepared" });

const CAMPINAS = { estado_id: 35, municipio_id: 3509502, slug: "campinas-sp", id: 3509502 };
const CITY_PATH = `/cidade/${CAMPINAS.slug}`;

type Her = Advertiser & { name: string };
let ana: Her;
let bia: Her;
let cris: Her;

/** A public advertiser in Campinas with her profile's rates, places and neighbourhood. */
async function campinasModel(
  name: string,
  age: number,
  profile: { rates?: string[]; receives_at?: string[]; neighborhood?: string; services?: string },
): Promise<Her> {
  const her = await advertiser(e2e.site, "public", {
    registration: { name, age, estado_id: CAMPINAS.estado_id, municipio_id: CAMPINAS.municipio_id },
  });
  await siteCall(e2e.site, "PUT", "/api/models/profile", {
    token: her.token,
    body: {
      name,
      age,
      estado_id: CAMPINAS.estado_id,
      municipio_id: CAMPINAS.municipio_id,
      category_id: 1,
      services: profile.services ?? "",
      rates: JSON.stringify({ tags: profile.rates ?? [], obs: "" }),
      receives_at: profile.receives_at ?? [],
      neighborhood: profile.neighborhood ?? "",
    },
  });
  return { ...her, name };
}

async function ready(): Promise<void> {
  if (ana) return;
  ana = await campinasModel("Ana Campineira", 24, {
    rates: ["1h R$ 150", "2h R$ 280"],
    receives_at: ["hotel"],
    neighborhood: "Cambuí",
  });
  bia = await campinasModel("Bia Taquaral", 31, {
    rates: ["30min R$ 200"],
    receives_at: ["local_proprio", "motel"],
    neighborhood: "Taquaral",
  });
  cris = await campinasModel("Cris Barão", 40, {});
}

/** The filter bar's code is running (its lists and boxes apply at once; before, the form is the server's plain one). */
async function filtersEnhanced(page: Page): Promise<void> {
  await page.locator("form#filtros[data-enhanced]").waitFor({ state: "attached" });
}

/** The names on the cards, in order. */
async function cardNames(page: Page): Promise<string[]> {
  await page.getByTestId("model-card").first().waitFor();
  return page.getByTestId("model-card").locator("h3").allInnerTexts();
}

/** Waits until the cards are exactly `names`, in that order. */
async function waitForCards(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(Array.from(document.querySelectorAll('[data-testid="model-card"] h3'), (h) => h.textContent)) ===
      JSON.stringify(expected),
    names,
  );
}

async function apiNames(query: string): Promise<string[]> {
  const { models } = await siteCall<PublicModelsResponse>(
    e2e.site,
    "GET",
    `/api/models/public?city_id=${CAMPINAS.id}&${query}`,
  );
  return models.map((m) => m.name);
}

describe("listing filters and sort", () => {
  test("1280 px: the bar filters and sorts through the URL; shared in a new browser, back button, no JavaScript", async () => {
    await ready();
    const { context, page, errors } = await visitorPage(e2e.browser, e2e.site);
    await visit(page, CITY_PATH);
    await filtersEnhanced(page);
    assert.deepEqual((await cardNames(page)).sort(), [ana.name, bia.name, cris.name].sort());
    // The price on the card, from her lowest hourly rate ("2h R$ 280" is R$ 140/h; "30min R$ 200" is R$ 400/h).
    const anaCard = page.getByTestId("model-card").filter({ hasText: ana.name });
    assert.match(await anaCard.innerText(), /a partir de R\$\s140\/h/);
    assert.match(
      await page.getByTestId("model-card").filter({ hasText: bia.name }).innerText(),
      /a partir de R\$\s400\/h/,
    );
    assert.doesNotMatch(await page.getByTestId("model-card").filter({ hasText: cris.name }).innerText(), /a partir/);

    const bar = page.getByRole("form", { name: "Filtros" });
    // Sorting applies at once (a list), lowest price first and models without a price last.
    await bar.getByLabel("Ordenar por").selectOption("menor_preco");
    await page.waitForURL(/\?ordem=menor_preco$/);
    await waitForCards(page, [ana.name, bia.name, cris.name]);
    // A price range is typed, then applied.
    await bar.getByLabel("Preço por hora (R$): máximo").fill("300");
    await bar.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/\?preco_max=300&ordem=menor_preco$/);
    await waitForCards(page, [ana.name]);
    const priced = page.url();
    // A box applies at once: nobody under R$ 300/h receives at a motel.
    await bar.getByText("Motel").click();
    await page.waitForURL(/atende=motel/);
    await page.getByText("Nenhuma modelo encontrada").waitFor();
    await shot(page, "listing-filters/bar-1280-empty");

    // The back button restores the previous choice: the URL, the fields and the cards.
    await page.goBack();
    await page.waitForURL(priced);
    await waitForCards(page, [ana.name]);
    assert.equal(await bar.getByLabel("Preço por hora (R$): máximo").inputValue(), "300");
    assert.equal(await bar.getByLabel("Motel").isChecked(), false);
    assert.equal(await bar.getByLabel("Ordenar por").inputValue(), "menor_preco");
    await shot(page, "listing-filters/bar-1280");
    assert.deepEqual(await axeSeriousFindings(page), []);

    // The same address in a new browser shows the same results, the same choice in the form.
    const shared = await visitorPage(e2e.browser, e2e.site);
    await visit(shared.page, priced);
    assert.deepEqual(await cardNames(shared.page), [ana.name]);
    const sharedBar = shared.page.getByRole("form", { name: "Filtros" });
    assert.equal(await sharedBar.getByLabel("Preço por hora (R$): máximo").inputValue(), "300");
    // A filtered page points its canonical link to the plain city page and is not indexed.
    assert.match(
      (await shared.page.locator('link[rel="canonical"]').getAttribute("href")) ?? "",
      new RegExp(`${CITY_PATH}$`),
    );
    assert.equal(await shared.page.locator('meta[name="robots"]').getAttribute("content"), "noindex");
    assert.deepEqual(shared.errors, []);
    await shared.context.close();

    // "Limpar filtros" goes back to the plain page.
    await bar.getByRole("link", { name: "Limpar filtros" }).click();
    await page.waitForURL(new RegExp(`${CITY_PATH}$`));
    await waitForCards(page, await apiNames(""));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("without JavaScript the form is a plain GET form the server renders", async () => {
    await ready();
    const context = await e2e.browser.newContext({
      baseURL: e2e.site.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
    });
    await context.addCookies([{ name: "age_ok", value: "1", url: e2e.site.baseUrl }]);
    const page = await context.newPage();
    await page.goto(CITY_PATH);
    // On a phone the "Filtros" link shows the form in the page.
    await page.getByRole("link", { name: "Filtros", exact: true }).click();
    const form = page.getByRole("form", { name: "Filtros" });
    await form.getByLabel("Idade: máximo").fill("30");
    await form.getByText("Hotel").click();
    await form.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/idade_max=30/);
    assert.match(page.url(), /atende=hotel/);
    assert.deepEqual(await cardNames(page), [ana.name]);
    // The new page's form (folded again on the phone) holds the choice.
    assert.equal(await page.locator('#filtros [name="idade_max"]').inputValue(), "30");
    assert.equal(await page.locator('#filtros [name="atende"][value="hotel"]').isChecked(), true);
    await context.close();
  });

  test("390 px: the sheet tells the number of results before applying; shared URL and back button", async () => {
    await ready();
    const { context, page, errors } = await visitorPage(e2e.browser, e2e.site, { mobile: true });
    await visit(page, CITY_PATH);
    await filtersEnhanced(page);
    await page.getByTestId("model-card").nth(2).waitFor();
    assert.equal(await page.getByRole("form", { name: "Filtros" }).isVisible(), false, "the bar is folded on phones");

    await page.getByRole("link", { name: "Filtros", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Filtros" });
    await sheet.getByRole("button", { name: "Ver 3 resultados" }).waitFor();
    await sheet.getByText("Hotel").click();
    await sheet.getByRole("button", { name: "Ver 1 resultado" }).waitFor();
    await sheet.getByLabel("Idade: mínimo").fill("30");
    await sheet.getByRole("button", { name: "Ver 0 resultados" }).waitFor();
    await shot(page, "listing-filters/sheet-390", { fullPage: false });
    assert.deepEqual(await axeSeriousFindings(page), []);
    // "Limpar filtros" empties the sheet's fields; nothing is applied until "Ver … resultados".
    await sheet.getByRole("button", { name: "Limpar filtros" }).click();
    await sheet.getByRole("button", { name: "Ver 3 resultados" }).waitFor();
    assert.equal(page.url(), `${e2e.site.baseUrl}${CITY_PATH}`);
    await sheet.getByText("Local próprio").click();
    await sheet.getByRole("button", { name: "Ver 1 resultado" }).click();
    await sheet.waitFor({ state: "hidden" });
    await page.waitForURL(/\?atende=local_proprio$/);
    await waitForCards(page, [bia.name]);
    await page.getByRole("link", { name: "Filtros, 1 escolhido" }).waitFor();
    await shot(page, "listing-filters/city-390-filtered");

    const shared = await visitorPage(e2e.browser, e2e.site, { mobile: true });
    await visit(shared.page, page.url());
    assert.deepEqual(await cardNames(shared.page), [bia.name]);
    await shared.context.close();

    await page.goBack();
    await page.waitForURL(new RegExp(`${CITY_PATH}$`));
    await page.getByTestId("model-card").nth(2).waitFor();
    await page.getByRole("link", { name: "Filtros", exact: true }).waitFor();
    await page.goForward();
    await waitForCards(page, [bia.name]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('"Disponível agora" appears on an open city page when she turns it on, and goes away by itself', async (t) => {
    await ready();
    for (const mobile of [false, true]) {
      const { context, page, errors } = await visitorPage(e2e.browser, e2e.site, { mobile });
      // The page's clock is the browser's own, faked so that the end of an hour can be reached without waiting
      // an hour: it runs at the normal pace until fastForward jumps it.
      await page.clock.install();
      await visit(page, CITY_PATH);
      const card = page.getByTestId("model-card").filter({ hasText: cris.name });
      await card.waitFor();
      assert.equal(await card.getByText("Disponível agora").count(), 0);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      const started = Date.now();
      const { available_until } = await siteCall<AvailabilityResponse>(e2e.site, "POST", "/api/models/availability", {
        token: cris.token,
        body: { hours: 1 },
      });
      assert.ok(available_until);
      await card.getByText("Disponível agora").waitFor({ timeout: 10_000 });
      const elapsed = Date.now() - started;
      t.diagnostic(`${mobile ? 390 : 1280} px: the badge appeared ${elapsed} ms after she turned it on`);
      assert.ok(elapsed <= 2_000, `the badge appeared ${elapsed} ms after she turned it on`);
      await shot(page, `listing-filters/available-${mobile ? 390 : 1280}`);

      // An hour later (and a little more) the badge is gone, without a reload.
      await page.clock.fastForward("01:00:05");
      await card.getByText("Disponível agora").waitFor({ state: "detached" });
      assert.equal(await page.evaluate(() => "stillTheSamePage" in window), true, "the page was not reloaded");

      await siteCall(e2e.site, "DELETE", "/api/models/availability", { token: cris.token });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('her profile shows "Disponível agora" while it lasts', async () => {
    await ready();
    await siteCall(e2e.site, "POST", "/api/models/availability", { token: ana.token, body: { hours: 2 } });
    try {
      const { context, page, errors } = await visitorPage(e2e.browser, e2e.site, { mobile: true });
      await visit(page, CITY_PATH);
      await page.getByTestId("model-card").filter({ hasText: ana.name }).getByText("Disponível agora").waitFor();
      await page.getByTestId("model-card").filter({ hasText: ana.name }).getByRole("link").click();
      await page.getByRole("heading", { level: 1, name: ana.name }).waitFor();
      await page.getByText("Disponível agora").first().waitFor();
      await shot(page, "listing-filters/profile-available-390");
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await siteCall(e2e.site, "DELETE", "/api/models/availability", { token: ana.token });
    }
  });

  test("the home page takes the same filters, in its URL and its form", async () => {
    await ready();
    const { context, page, errors } = await visitorPage(e2e.browser, e2e.site);
    await visit(page, "/?preco_max=300&ordem=menor_preco");
    await filtersEnhanced(page);
    await waitForCards(page, [ana.name]);
    const bar = page.getByRole("form", { name: "Filtros" });
    await bar.getByLabel("Ordenar por").selectOption("maior_preco");
    await page.waitForURL(/\/\?preco_max=300&ordem=maior_preco$/);
    await waitForCards(page, [ana.name]);
    await bar.getByLabel("Preço por hora (R$): máximo").fill("");
    await bar.getByLabel("Preço por hora (R$): máximo").press("Enter");
    await page.waitForURL(/\/\?ordem=maior_preco$/);
    await waitForCards(page, [bia.name, ana.name, cris.name]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the sitemap lists plain pages only", async () => {
    await ready();
    const res = await fetch(`${e2e.site.baseUrl}/sitemap.xml`);
    const xml = await res.text();
    assert.match(xml, new RegExp(`<loc>[^<]*${CITY_PATH}</loc>`));
    assert.doesNotMatch(xml, /<loc>[^<]*\?/);
  });
});
