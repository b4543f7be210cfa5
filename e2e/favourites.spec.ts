import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Page, Request } from "playwright-core";
import { type Advertiser, adminToken, advertiser, siteCall, useSite, visitorPage } from "./fixtures";
import { axeSeriousFindings } from "./axe";
import { reload, shot, visit } from "./harness";

/**
 * Favourites without an account (issue 30, decision 075), clicked through the built site at a phone's and a
 * desktop's width: the visitor hearts one model on a listing card and one on her profile; after a reload both
 * hearts are still on and "Favoritas" lists both, the last hearted first; the admin hides one and she leaves
 * "Favoritas" (and the device's list) without a word. Nothing about favourites reaches the server but the cards read.
 */
const e2e = useSite();
const tag = randomUUID().slice(0, 6);
let ana: Advertiser & { name: string };
let bia: Advertiser & { name: string };

const STORAGE_KEY = "vitrine:favoritas";
const storedIds = (page: Page) =>
  page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "[]") as number[], STORAGE_KEY);
const heart = (page: Page, scope: ReturnType<Page["locator"]> | Page, on: boolean) =>
  scope.getByRole("button", { name: on ? "Remover das favoritas" : "Adicionar às favoritas" });
const favouriteCards = (page: Page) => page.getByRole("list", { name: "Suas favoritas" }).getByTestId("model-card");

async function publicModel(name: string) {
  const her = await advertiser(e2e.site, "public", { registration: { name } });
  return { ...her, name };
}

before(async () => {
  ana = await publicModel(`Ana Favorita ${tag}`);
  bia = await publicModel(`Bia Favorita ${tag}`);
});

describe("favourites", () => {
  for (const mobile of [true, false]) {
    const width = mobile ? 390 : 1280;
    test(`${width} px: heart two models, reload, Favoritas lists them; a hidden one disappears; nothing sent`, async () => {
      // Both are public again at the start of each width (the previous one hid Ana).
      await siteCall(e2e.site, "PATCH", `/api/admin/models/${ana.id}/status`, {
        body: { is_active: true },
        token: await adminToken(e2e.site),
      });
      const { context, page, errors } = await visitorPage(e2e.browser, e2e.site, { mobile });
      const requests: Request[] = [];
      page.on("request", (r) => requests.push(r));
      try {
        // On a card of the listing (a search keeps the grid to her).
        await visit(page, `/?search=${encodeURIComponent(ana.name)}`);
        const card = page.getByTestId("model-card").filter({ hasText: ana.name });
        await heart(page, card, false).click();
        await heart(page, card, true).waitFor();
        assert.equal(await heart(page, card, true).getAttribute("aria-pressed"), "true");
        await shot(page, `favourites/card-hearted-${width}`, { fullPage: false });

        // On her profile.
        await visit(page, `/modelo/${bia.id}`);
        await page.getByRole("heading", { name: bia.name, level: 1 }).waitFor();
        await heart(page, page, false).click();
        await heart(page, page, true).waitFor();
        await shot(page, `favourites/profile-hearted-${width}`, { fullPage: false });
        assert.deepEqual(await storedIds(page), [bia.id, ana.id], "kept on the device, the last hearted first");

        // A reload keeps the heart on (read from the device after the server's render).
        await reload(page);
        await heart(page, page, true).waitFor();

        // The link in the header (desktop) or the phone menu opens "Favoritas".
        if (mobile) await page.getByRole("button", { name: "Abrir menu" }).click();
        await page.getByRole("link", { name: "Favoritas", exact: true }).first().click();
        await page.getByRole("heading", { name: "Favoritas", level: 1 }).waitFor();
        await favouriteCards(page).nth(1).waitFor();
        assert.deepEqual(await favouriteCards(page).locator("h3").allInnerTexts(), [bia.name, ana.name]);
        await reload(page);
        await favouriteCards(page).nth(1).waitFor();
        await shot(page, `favourites/list-${width}`);
        assert.deepEqual(await axeSeriousFindings(page), [], "axe on Favoritas");

        // The admin hides Ana: on the next read she is gone from the page and from the device, without a word.
        await siteCall(e2e.site, "PATCH", `/api/admin/models/${ana.id}/status`, {
          body: { is_active: false },
          token: await adminToken(e2e.site),
        });
        await reload(page);
        await page.getByRole("heading", { name: "Favoritas", level: 1 }).waitFor();
        await page.waitForFunction((name) => {
          const list = document.querySelector('[aria-label="Suas favoritas"]');
          return !!list && !list.textContent?.includes(name);
        }, ana.name);
        assert.deepEqual(await favouriteCards(page).locator("h3").allInnerTexts(), [bia.name]);
        await page.waitForFunction((key) => window.localStorage.getItem(key)?.split(",").length === 1, STORAGE_KEY);
        assert.deepEqual(await storedIds(page), [bia.id]);
        const text = await page.locator("main").innerText();
        assert.doesNotMatch(text, /oculta|removida|indispon/i, "no word of why");

        // Un-hearting the last one leaves the empty state.
        await heart(page, favouriteCards(page).first(), true).click();
        await page.getByText("Nenhuma favorita ainda").waitFor();
        assert.deepEqual(await storedIds(page), []);
        await shot(page, `favourites/empty-${width}`);

        // Nothing about favourites reached the server but the cards read: no call names them, no call but that read
        // carries the ids in its address, and the only changes sent are the page views the site counts anyway and
        // the analytics beacon's card impressions (decision 077: ids the cards read already sent, summed per day).
        const api = requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/"));
        for (const r of api) {
          const where = `${r.method()} ${r.url()} ${r.postData() ?? ""}`;
          assert.doesNotMatch(where, /favorit|favourit/i, where);
          if (new URL(r.url()).pathname !== "/api/models/public/cards") {
            assert.doesNotMatch(r.url(), /[?&]ids=/, where);
          }
          if (r.method() !== "GET") {
            assert.ok(["/api/visits", "/api/analytics/events"].includes(new URL(r.url()).pathname), where);
          }
        }
        const cardsReads = api.filter((r) => new URL(r.url()).pathname === "/api/models/public/cards");
        assert.ok(cardsReads.length > 0, "the page read the cards");
        for (const r of cardsReads) {
          assert.equal(r.method(), "GET");
          assert.equal(r.headers().authorization, undefined, "the read is not tied to an account");
        }
        assert.deepEqual(
          (await context.cookies()).filter((c) => /fav/i.test(c.name + c.value)),
          [],
          "no cookie holds them",
        );
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
