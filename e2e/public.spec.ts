import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ModelCard,
  modelProfilePath,
  plural,
  type ProfileResponse,
  type PublicModelResponse,
  type PublicModelsResponse,
  type StatesResponse,
} from "@vitrine/contracts";
import type { Locator } from "playwright-core";
import { DEMO_MODEL_PASSWORD } from "../apps/server/src/demo/seed-demo";
import { adminApiToken, shot, visit } from "./harness";
import { useSite } from "./fixtures";
import { cards, loadAllImages, newPage, overlayGone, resultsNearTop, viewportShot } from "./public-support";

const SAO_PAULO = { id: 3550308, slug: "sao-paulo-sp", label: "São Paulo - SP" };
const COUNT_LINE = /^[\d.]+ modelos? encontradas?$/;

const e2e = useSite({ data: "demo" });

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${e2e.site.baseUrl}${url}`, init);
  assert.equal(res.ok, true, `${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A São Paulo model on the first page of the listing with at least `minPhotos` public photos. */
async function findCityModelWithPhotos(minPhotos: number): Promise<{ card: ModelCard; photos: number }> {
  const { models } = await getJson<PublicModelsResponse>(`/api/models/public?city_id=${SAO_PAULO.id}&limit=20`);
  for (const card of models) {
    const profile = await getJson<PublicModelResponse>(`/api/models/public/${card.id}`);
    if (profile.photos.length >= minPhotos) return { card, photos: profile.photos.length };
  }
  throw new Error(`no São Paulo model with ${minPhotos} photos`);
}

/** True when the city panel paints over whatever lies under its lower part (the model grid), not under it. */
function cityPanelOnTop(panel: Locator): Promise<boolean> {
  return panel.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = Math.min(r.bottom, window.innerHeight) - 16;
    return [0.2, 0.5, 0.8].every((f) => {
      const hit = document.elementFromPoint(r.left + r.width * f, y);
      return hit !== null && el.contains(hit);
    });
  });
}

describe("public directory", () => {
  test("age gate → home → city → page 2 → card → profile → lightbox → header search", async () => {
    const { total } = (await getJson<PublicModelsResponse>(`/api/models/public?city_id=${SAO_PAULO.id}`)).pagination;
    assert.ok(total > 20 && total <= 40, `São Paulo has two pages of models (${total})`);
    const { states } = await getJson<StatesResponse>("/api/cities/states");
    const sp = states.find((s) => s.state === "SP");
    assert.ok(sp, "SP has models");
    const target = await findCityModelWithPhotos(2);

    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl);
    const visits: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/visits") && r.method() === "POST") visits.push(r.postData() ?? "");
    });

    // Age gate, then the home listing.
    await visit(page, "/");
    const gate = page.getByRole("dialog", { name: "Conteúdo adulto (+18)" });
    await gate.getByRole("button", { name: "Entrar no site" }).click();
    await gate.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
    assert.match((await page.getByTestId("results-count").textContent()) ?? "", COUNT_LINE);
    // The first screen's 8 cards; scrolling towards the sentinel draws the rest of the first page (20) from the data
    // the page already holds, without a request.
    await cards(page).nth(7).waitFor();
    assert.equal(await cards(page).count(), 8, "the first screen holds 8 cards");
    const listingRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/models/public?")) listingRequests.push(r.url());
    });
    await page.getByTestId("listing-sentinel").scrollIntoViewIfNeeded();
    await cards(page).nth(19).waitFor();
    assert.equal(await cards(page).count(), 20, "first page holds 20 cards");
    assert.equal(listingRequests.length, 0, "the rest of the first page needs no request");

    // City selector: filter by state, pick São Paulo; the page goes to /cidade/{slug} and scrolls to the grid.
    await page.getByRole("button", { name: /Selecione uma cidade/ }).click();
    const panel = page.getByRole("dialog", { name: "Escolher cidade" });
    await panel.getByRole("combobox", { name: "Estado" }).selectOption({ label: `SP (${sp.models_count})` });
    await panel.getByRole("button", { name: /^Campinas - SP/ }).waitFor();
    assert.equal(await cityPanelOnTop(panel), true, "the city panel is above the model grid");
    await viewportShot(page, "public-city-selector-1280");
    await panel.getByRole("button", { name: /^São Paulo - SP/ }).click();
    await page.waitForURL(`**/cidade/${SAO_PAULO.slug}`);
    await page
      .getByTestId("results-count")
      .getByText(plural(total, "modelo encontrada", "modelos encontradas"))
      .waitFor();
    await resultsNearTop(page);
    await cards(page).nth(7).waitFor();
    await page.getByTestId("listing-sentinel").scrollIntoViewIfNeeded();
    await cards(page).nth(19).waitFor();
    // 20 cards, unless the sentinel stayed in view while they were drawn: then page 2 (the rest) came at once.
    assert.ok([20, total].includes(await cards(page).count()), "the first page, or both pages");

    // Scrolling to the sentinel again loads page 2 (and nothing after it). (The request may already be under way:
    // when the page keeps the sentinel in view while the first page's cards are drawn, it asks at once.)
    await page.getByTestId("listing-sentinel").scrollIntoViewIfNeeded();
    await cards(page)
      .nth(total - 1)
      .waitFor();
    assert.equal(await cards(page).count(), total);
    const pageTwo = listingRequests.filter((url) => url.includes(`city_id=${SAO_PAULO.id}`) && url.includes("page=2"));
    assert.equal(pageTwo.length, 1, "page 2 asked for once");
    await page.getByText("Fim dos resultados").waitFor();

    // Open a card: its profile.
    const profilePath = modelProfilePath(target.card);
    await page.locator(`a[href="${profilePath}"]`).click();
    await page.waitForURL(`**${profilePath}`);
    await page.getByRole("heading", { level: 1, name: target.card.name }).waitFor();
    await page.getByText("Foto Principal").waitFor();
    await page.getByRole("heading", { name: "Galeria de Fotos" }).waitFor();
    await page.getByText("Principal", { exact: true }).waitFor();

    // Lightbox: counter, arrows, disabled ends, Escape.
    await page.getByRole("button", { name: "Ampliar foto principal" }).click();
    const lightbox = page.getByRole("dialog", { name: `Fotos de ${target.card.name}` });
    const counter = lightbox.getByTestId("lightbox-counter");
    assert.equal(await counter.textContent(), `1 de ${target.photos}`);
    assert.equal(await lightbox.getByRole("button", { name: "Foto anterior" }).isDisabled(), true);
    await page.keyboard.press("ArrowRight");
    await counter.getByText(`2 de ${target.photos}`).waitFor();
    await page.keyboard.press("ArrowLeft");
    await counter.getByText(`1 de ${target.photos}`).waitFor();
    await lightbox.getByRole("button", { name: `Foto ${target.photos}`, exact: true }).click();
    await counter.getByText(`${target.photos} de ${target.photos}`).waitFor();
    assert.equal(await lightbox.getByRole("button", { name: "Próxima foto" }).isDisabled(), true);
    // Share without a share sheet copies the address; its toast shows above the lightbox.
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await lightbox.getByRole("button", { name: "Compartilhar" }).click();
    const shareToast = page.locator("[data-toast-type]").last();
    await shareToast.waitFor();
    const toastOnTop = await shareToast.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    assert.equal(toastOnTop, true, "the toast is above the lightbox");
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "hidden" });

    // Header search to another city: previews, then the city's listing.
    const search = page.getByRole("combobox", { name: "Buscar cidade" });
    await search.fill("rio de jan");
    await page.getByText(/^\d+ cidades? encontradas?$/).waitFor();
    const rio = page.getByRole("link", { name: /^Rio de Janeiro - RJ/ });
    await rio.waitFor();
    await viewportShot(page, "public-city-search-1280");
    await rio.click();
    await page.waitForURL("**/cidade/rio-de-janeiro-rj");
    await page.getByText("Rio de Janeiro - RJ", { exact: true }).first().waitFor();
    assert.equal(await search.inputValue(), "", "the box clears on navigation");
    await resultsNearTop(page);
    await cards(page).first().waitFor();

    // One visit per page view: home, São Paulo, the profile, Rio.
    assert.ok(visits.length >= 4, `visits recorded: ${visits.length}`);
    assert.ok(visits.some((v) => v.includes('"page":"profile"')));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the header search shows its states and submits a text search", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/");
    const search = page.getByRole("combobox", { name: "Buscar cidade" });
    await search.fill("x");
    await page.waitForTimeout(500);
    assert.equal(await search.getAttribute("aria-expanded"), "false", "one character does not search");

    await search.fill("zzqq");
    await page.getByText("Nenhuma cidade encontrada").waitFor();
    // Cities found, none with a model photo.
    await search.fill("xique");
    await page.getByText("Sem cidades com fotos nesta busca.").waitFor();
    await search.fill("campo grande");
    await page.getByText(/^\d+ cidades? encontradas?$/).waitFor();
    await page.getByRole("link", { name: /^Campo Grande - MS/ }).waitFor();

    // Escape closes the dropdown; an empty submit does nothing; the labelled model search searches the listing.
    await search.press("Escape");
    assert.equal(await search.getAttribute("aria-expanded"), "false");
    await search.fill("   ");
    await search.press("Enter");
    assert.equal(new URL(page.url()).search, "");
    await search.fill("Curitiba");
    await page.getByRole("link", { name: "Buscar modelos por “Curitiba”" }).click();
    await page.waitForURL("**/?search=Curitiba");
    await page.getByRole("heading", { name: 'Resultados para "Curitiba"' }).waitFor();
    await cards(page).first().waitFor();
    assert.equal(await search.inputValue(), "");
    assert.deepEqual(errors, []);
    await context.close();
  });

  /** Signs demo1 in and returns her profile and a function that saves it with a new description. */
  async function demoProfileEditor() {
    const login = await getJson<{ token: string }>("/api/auth/model/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo1@vitrine.demo", password: DEMO_MODEL_PASSWORD }),
    });
    const auth = { authorization: `Bearer ${login.token}` };
    const { model } = await getJson<ProfileResponse>("/api/models/profile", { headers: auth });
    assert.equal(model.visibility.is_visible, true, "demo1 is public");
    const saveDescription = async (description: string) => {
      const res = await fetch(`${e2e.site.baseUrl}/api/models/profile`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({
          name: model.name,
          age: model.age,
          estado_id: model.estado_id,
          municipio_id: model.municipio_id,
          category_id: model.category_id,
          description,
          phone: model.phone ?? undefined,
          whatsapp: model.whatsapp ?? undefined,
          instagram: model.instagram ?? "",
          height: model.height,
          weight: model.weight,
          measurements: model.measurements ?? "",
          services: model.services,
          rates: model.rates,
        }),
      });
      assert.equal(res.status, 200, await res.text());
    };
    return { model, saveDescription };
  }

  test("profile edits reach an open profile through the live events stream", async () => {
    const { model, saveDescription } = await demoProfileEditor();
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, `/model/${model.id}`);
    await page.getByRole("heading", { level: 1, name: model.name }).waitFor();

    const description = `Agenda atualizada ao vivo ${Date.now()}`;
    await saveDescription(description);
    await page.getByText(description).waitFor({ timeout: 30_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an edit saved after the server rendered the profile but before its script ran still reaches it", async () => {
    const { model, saveDescription } = await demoProfileEditor();
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    // The page's scripts are held back until the edit is saved: the server-rendered profile is on screen, the
    // live stream not open yet, so the edit's event reaches nobody live: the stream opens after the last event id
    // the page was rendered at and replays it.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await visit(page, `/model/${model.id}`, { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: model.name }).waitFor();

    const description = `Editado antes do script ${Date.now()}`;
    await saveDescription(description);
    assert.equal(await page.getByText(description).count(), 0, "the rendered page is older than the edit");
    releaseScripts();
    await page.getByText(description).waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("invalid and unknown ids, unknown city, listing failure", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, "/model/nao-e-um-id");
    await page.getByRole("heading", { name: "ID inválido" }).waitFor();
    await visit(page, "/model/987654321");
    await page.getByRole("heading", { name: "Modelo não encontrada" }).waitFor();
    await page.getByText("A modelo que você está procurando não existe ou foi removida.").waitFor();
    await visit(page, "/cidade/cidade-que-nao-existe-zz");
    await page.getByText("Cidade não encontrada").waitFor();
    // ?city= takes a slug or a plain name (accents and case aside); an unknown name is not found.
    await visit(page, "/?city=Campinas");
    await page.getByTestId("results-count").waitFor();
    await page.getByText("Campinas - SP", { exact: true }).first().waitFor();
    await page.waitForFunction(() => document.title.includes("Acompanhantes em Campinas - SP"));
    await visit(page, `/?city=${encodeURIComponent("sao paulo")}`);
    await page.getByText(SAO_PAULO.label, { exact: true }).first().waitFor();
    await visit(page, "/?city=Cidade%20Inexistente");
    await page.getByText("Cidade não encontrada").waitFor();

    // A failing listing shows "Erro ao carregar modelos. Tente novamente." (after the one retry). The server
    // renders the first listing with the page, so the failure is the browser's: a search from the header.
    await visit(page, "/");
    await page.getByRole("heading", { name: "Modelos Premium" }).waitFor();
    await page.route("**/api/models/public?**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"falhou"}' }),
    );
    const searchBox = page.getByRole("combobox", { name: "Buscar cidade" }).first();
    await searchBox.fill("qualquer");
    await searchBox.press("Enter");
    await page.waitForURL("**/?search=qualquer");
    await page.getByText("Erro ao carregar modelos. Tente novamente.").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("screenshots of home and profile at 390 px and 1280 px; the mobile menu search", async () => {
    const { card } = await findCityModelWithPhotos(3);
    for (const mobile of [true, false]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, "/");
      await cards(page).nth(7).waitFor();
      await loadAllImages(page);
      await overlayGone(page);
      await shot(page, `public-home-${width}`);
      if (mobile) {
        // The city selector's panel, open over the grid with every state's cities.
        await page.getByRole("button", { name: /Selecione uma cidade/ }).click();
        const panel = page.getByRole("dialog", { name: "Escolher cidade" });
        await panel.getByRole("button", { name: /^Campinas - SP/ }).waitFor();
        await panel.scrollIntoViewIfNeeded();
        assert.equal(await cityPanelOnTop(panel), true, "the city panel is above the model grid");
        await viewportShot(page, "public-city-selector-390");
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "hidden" });
      }
      if (mobile) {
        // Phones: the two hero backgrounds take turns every 8 s.
        const active = page.getByTestId("hero-mobile-bg").locator('img[data-active="true"]');
        const first = await active.getAttribute("src");
        await page.waitForFunction(
          (src) =>
            document.querySelector('[data-testid="hero-mobile-bg"] img[data-active="true"]')?.getAttribute("src") !==
            src,
          first,
          { timeout: 9_000 },
        );
        assert.notEqual(await active.getAttribute("src"), first);
      }

      await visit(page, modelProfilePath(card));
      await page.getByRole("heading", { level: 1, name: card.name }).waitFor();
      await loadAllImages(page);
      await overlayGone(page);
      await shot(page, `public-profile-${width}`);

      await page.getByRole("button", { name: "Ampliar foto principal" }).click();
      await page.getByTestId("lightbox-counter").waitFor();
      await page.waitForTimeout(300);
      await viewportShot(page, `public-lightbox-${width}`);
      await page.keyboard.press("Escape");

      if (mobile) {
        // Escape closes the phone menu and puts focus back on its button.
        const menuButton = page.locator("header button[aria-controls][aria-expanded]");
        await menuButton.click();
        const box = page.getByRole("combobox", { name: "Buscar cidade" });
        await box.waitFor();
        await page.keyboard.press("Escape");
        await box.waitFor({ state: "hidden" });
        assert.equal(await menuButton.getAttribute("aria-label"), "Abrir menu");
        assert.equal(await menuButton.evaluate((el) => el === document.activeElement), true);

        // The phone menu carries the city search; picking a city closes the menu.
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await box.fill("salvador");
        const salvador = page.getByRole("link", { name: /^Salvador - BA/ });
        await salvador.waitFor();
        await viewportShot(page, "public-city-search-390");
        await salvador.click();
        await page.waitForURL("**/cidade/salvador-ba");
        await page.getByRole("button", { name: "Abrir menu" }).waitFor();
        await cards(page).first().waitFor();
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("two columns of compact cards at 390 px, four at 1280 px, on the home and a city page", async () => {
    for (const mobile of [true, false]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      for (const [name, url] of [
        ["home", "/"],
        ["city", `/cidade/${SAO_PAULO.slug}`],
      ] as const) {
        await visit(page, url);
        await cards(page).nth(7).waitFor();
        await loadAllImages(page);
        await overlayGone(page);
        const boxes = await cards(page).evaluateAll((els) =>
          els.slice(0, 8).map((el) => {
            const r = el.getBoundingClientRect();
            return { top: Math.round(r.top), left: Math.round(r.left), width: r.width, height: r.height };
          }),
        );
        const columns = new Set(boxes.filter((b) => b.top === boxes[0]!.top).map((b) => b.left)).size;
        assert.equal(columns, mobile ? 2 : 4, `${name}: columns at ${width} px`);
        if (mobile) {
          // Compact: about half the phone's width and under 400 px tall (100 cards in 50 rows, not 35,000 px of
          // scrolling); the card still says who, age and city, and its photo is the small variant (the srcset's
          // sizes follow the narrower card).
          assert.ok(boxes[0]!.width < 190, `${name}: card width ${boxes[0]!.width}`);
          assert.ok(boxes[0]!.height < 400, `${name}: card height ${boxes[0]!.height}`);
          const first = cards(page).first();
          await first.getByText(/^\d+ anos$/).waitFor();
          await first.getByText(/, [A-Z]{2}$/).waitFor();
          assert.equal(await first.locator(".card-cta").isVisible(), false, "no Ver Perfil on a compact card");
          const src = await first.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc);
          assert.match(src, /-400\.webp$/, "the compact card loads the 400 px photo");
        }
        await shot(page, `public-${name}-grid-${width}`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("the reporter reads the confirmation; a profile taken off under the open dialog stays until she closes it", async () => {
    // Two visible models outside São Paulo (the other tests browse São Paulo): one at each width.
    const { models } = await getJson<PublicModelsResponse>("/api/models/public?limit=40");
    const targets = models.filter((m) => m.city_id !== SAO_PAULO.id).slice(0, 2);
    assert.equal(targets.length, 2, "two models outside São Paulo");
    const adminAuth = { authorization: `Bearer ${await adminApiToken(e2e.site.baseUrl)}` };
    const setActive = async (id: number, is_active: boolean) => {
      const res = await fetch(`${e2e.site.baseUrl}/api/admin/models/${id}/status`, {
        method: "PATCH",
        headers: { ...adminAuth, "content-type": "application/json" },
        body: JSON.stringify({ is_active }),
      });
      assert.equal(res.status, 200, await res.text());
    };

    for (const [index, mobile] of [true, false].entries()) {
      const width = mobile ? 390 : 1280;
      const card = targets[index]!;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, modelProfilePath(card));
      const heading = page.getByRole("heading", { level: 1, name: card.name });
      await heading.waitFor();

      await page.getByRole("button", { name: "Denunciar perfil" }).click();
      const form = page.getByRole("dialog", { name: "Denunciar perfil" });
      await form.getByLabel("Golpe").check();
      await form.getByRole("button", { name: "Enviar denúncia" }).click();
      const received = page.getByRole("dialog", { name: "Denúncia recebida. Obrigado." });
      await received.waitFor();

      // The profile goes off the site while the confirmation is open (as a report may take it off): the page
      // learns it from the live stream and asks again, and the dialog and the page under it stay as they were.
      const gone = page.waitForResponse(
        (r) => r.url().endsWith(`/api/models/public/${card.id}`) && r.status() === 404,
        { timeout: 30_000 },
      );
      await setActive(card.id, false);
      await (await gone).finished();
      // Two painted frames after the answer was read: the page has rendered it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.equal(await received.isVisible(), true, "the confirmation stays open");
      assert.equal(await heading.isVisible(), true, "the profile stays under the open dialog");
      await viewportShot(page, `public-report-received-${width}`);

      // Closed: the not-found state says the report was received.
      await received.getByRole("button", { name: "Fechar", exact: true }).last().click();
      await page.getByRole("heading", { name: "Modelo não encontrada" }).waitFor();
      await page.getByRole("status").filter({ hasText: "Denúncia recebida. Obrigado." }).waitFor();
      await page.waitForFunction(() => window.scrollY === 0);
      await shot(page, `public-report-profile-gone-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
      await setActive(card.id, true);
    }
  });
});
