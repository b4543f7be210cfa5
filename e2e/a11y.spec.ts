import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { before, describe, test } from "node:test";
import { modelProfilePath, type PublicModelsResponse } from "@vitrine/contracts";
import type { Locator, Page } from "playwright-core";
import { adminToken as siteAdminToken, registerAdvertiser, useSite } from "./fixtures";
import { reload, shot, visit } from "./harness";
import { cards, newPage } from "./public-support";

/** Accessibility of the public pages and the forms: scroll on new documents, focus rings, axe, the age gate. */

const SAO_PAULO = { id: 3550308, slug: "sao-paulo-sp" };
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const e2e = useSite({ data: "demo" });
let profilePath: string;

before(async () => {
  const res = await fetch(`${e2e.site.baseUrl}/api/models/public?city_id=${SAO_PAULO.id}&limit=1`);
  const { models } = (await res.json()) as PublicModelsResponse;
  profilePath = modelProfilePath(models[0]!);
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Waits until the page rests at `y` (restoration runs after the screen has rendered). */
async function waitForScroll(page: Page, y: number): Promise<void> {
  try {
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) <= 2, y, { timeout: 10_000 });
  } catch {
    const at = await page.evaluate(() => `${window.scrollY} of ${document.documentElement.scrollHeight}`);
    assert.fail(`${page.url()} rests at ${at}, not at ${y}`);
  }
}

/** Scrolls by the wheel (as a visitor does) and waits until the page has recorded the position. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await waitForScroll(page, y);
  await page.waitForTimeout(150); // the position is recorded on the next animation frame
}

type Ring = { style: string; width: number; color: string; shadow: string; background: string; contrast: number };

/**
 * The focus ring drawn around `element` (its outline, else a box shadow), and the contrast of its colour against
 * the background behind it (the first opaque background from the element's parent up).
 */
async function ringOf(element: Locator): Promise<Ring> {
  await element.page().waitForTimeout(400); // the ring's colour is part of the elements' colour transitions
  // (No named functions inside: the test runner's transform would refer to a helper the page does not have.)
  return element.evaluate((el) => {
    let behind = "rgb(12, 11, 14)";
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      const alpha = bg.match(/[\d.]+/g)?.map(Number)[3] ?? 1;
      if (alpha >= 0.99) {
        behind = bg;
        break;
      }
    }
    const style = getComputedStyle(el);
    const shadowColor = style.boxShadow.match(/rgba?\([^)]*\)/)?.[0];
    const color =
      style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 ? style.outlineColor : shadowColor;
    const [l1, l2] = [color ?? behind, behind].map((value) =>
      (value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0])
        .slice(0, 3)
        .map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0),
    ) as [number, number];
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: color ?? "none",
      shadow: style.boxShadow,
      background: behind,
      contrast: (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05),
    };
  });
}

function assertRing(ring: Ring, what: string): void {
  const drawn = (ring.style !== "none" && ring.width > 0) || ring.shadow !== "none";
  assert.ok(drawn, `${what} shows a focus ring (${JSON.stringify(ring)})`);
  assert.ok(ring.contrast >= 3, `${what}'s ring has 3:1 contrast against ${ring.background} (${ring.contrast})`);
}

/** Presses Tab until the focused element matches `selector` (or the focus has gone round the page). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const viewShot = (page: Page, name: string) => shot(page, name, { fullPage: false });

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's protocol: the page's Content-Security-Policy forbids an injected <script>.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    type AxeResult = {
      violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
    };
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(" ")}: ${n.failureSummary ?? ""}`));
}

describe("accessibility", () => {
  test("a page opened from outside starts at the top; back and forward return to where the visitor was", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await visit(page, `/cidade/${SAO_PAULO.slug}`);
    await cards(page).nth(7).waitFor();
    await page.getByTestId("listing-sentinel").scrollIntoViewIfNeeded();
    await cards(page).nth(19).waitFor();
    await scrollTo(page, 2500);

    // Typed into the address bar (or followed from another site): a new document, at the top.
    await visit(page, profilePath);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(300);
    assert.equal(await scrollY(page), 0, "a profile opened by its address starts at the top");
    await scrollTo(page, 400);

    await page.goBack();
    await page.waitForURL(`**/cidade/${SAO_PAULO.slug}`);
    await waitForScroll(page, 2500);
    await page.goForward();
    await page.waitForURL(`**${profilePath}`);
    await waitForScroll(page, 400);
    // A reload keeps the entry, and its place.
    await reload(page);
    await waitForScroll(page, 400);
    // A new document with an #anchor starts at the anchor.
    await visit(page, "/login");
    await visit(page, `${profilePath}#galeria`);
    await page.waitForTimeout(500);
    const at = await page.evaluate(() => ({
      y: window.scrollY,
      top: document.getElementById("galeria")?.getBoundingClientRect().top,
      h: document.documentElement.scrollHeight,
      url: location.href,
    }));
    assert.ok(at.y > 0 && at.top !== undefined && at.top > -2 && at.top < 200, JSON.stringify(at));
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const mobile of [false, true]) {
    const width = mobile ? 390 : 1280;
    test(`keyboard focus is visible on a card, a button, an input and a checkbox (${width} px)`, async () => {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      await visit(page, `/cidade/${SAO_PAULO.slug}`);
      await cards(page).first().waitFor();
      await tabTo(page, '[data-testid="model-card"] a');
      const card = page.locator('[data-testid="model-card"]:has(a:focus-visible)');
      assertRing(await ringOf(card), "a model card");
      await card.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
      await viewShot(page, `a11y-focus-card-${width}`);

      await visit(page, "/login");
      await tabTo(page, 'input[type="email"]');
      assertRing(await ringOf(page.locator("input:focus-visible")), "an input");
      await viewShot(page, `a11y-focus-input-${width}`);
      await tabTo(page, 'button[type="submit"]');
      assertRing(await ringOf(page.locator("button:focus-visible")), "a button");
      await viewShot(page, `a11y-focus-button-${width}`);

      await visit(page, "/register");
      await tabTo(page, 'input[type="checkbox"]');
      assertRing(await ringOf(page.locator("input:focus-visible")), "a checkbox");
      await viewShot(page, `a11y-focus-checkbox-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test("axe finds nothing serious or critical on home, a city, a profile, login and register", async () => {
    for (const mobile of [false, true]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      for (const url of ["/", `/cidade/${SAO_PAULO.slug}`, profilePath, "/login", "/register"]) {
        await visit(page, url);
        await page.locator("main h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        assert.deepEqual(await axeViolations(page), [], `${url} at ${mobile ? 390 : 1280} px`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
    // The age gate over the home page.
    const { context, page } = await newPage(e2e.browser, e2e.site.baseUrl);
    await visit(page, "/");
    await page.getByRole("dialog").waitFor();
    assert.deepEqual(await axeViolations(page), [], "home under the age gate");
    await context.close();
  });

  test("axe finds nothing serious or critical on the dashboard, the Terms and the admin queues", async () => {
    const model = await registerAdvertiser(e2e.site);
    const adminToken = await siteAdminToken(e2e.site);
    /** Waits for the page's heading and its data, then asks axe. */
    const check = async (page: Page, url: string, width: number) => {
      await visit(page, url);
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      assert.deepEqual(await axeViolations(page), [], `${url} at ${width} px`);
    };
    for (const mobile of [false, true]) {
      const width = mobile ? 390 : 1280;
      const advertiser = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      await advertiser.context.addInitScript((t) => window.localStorage.setItem("modelToken", t), model.token);
      for (const url of ["/dashboard", "/dashboard/profile", "/dashboard/gallery"])
        await check(advertiser.page, url, width);
      // The Terms: their long text scrolls, so the box takes the keyboard focus, named by the dialog's title.
      await advertiser.page.getByRole("contentinfo").getByRole("button", { name: "Termos de Uso" }).click();
      const terms = advertiser.page.getByRole("dialog", { name: "Termos de Uso" });
      await terms.waitFor();
      const box = terms.getByRole("region", { name: "Termos de Uso" });
      await box.waitFor();
      assert.equal(await box.getAttribute("tabindex"), "0");
      assert.deepEqual(await axeViolations(advertiser.page), [], `the Terms at ${width} px`);
      assert.deepEqual(advertiser.errors, []);
      await advertiser.context.close();

      const admin = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true, mobile });
      await admin.context.addInitScript((t) => window.localStorage.setItem("token", t), adminToken);
      for (const url of [
        "/admin/dashboard",
        "/admin/denuncias",
        "/admin/verificacoes",
        "/admin/orders",
        "/admin/stats",
      ]) {
        await check(admin.page, url, width);
      }
      // The charts of the last days: today, not over yet, is shaded and labelled partial.
      await admin.page.getByText("hoje (parcial)").first().waitFor();
      await shot(admin.page, `a11y-admin-stats-${width}`);
      assert.deepEqual(admin.errors, []);
      await admin.context.close();
    }
  });

  test("the age gate is a modal dialog: labelled, focus inside and kept there, the page behind inert", async () => {
    // Server-rendered already so (before the app runs).
    const html = await (await fetch(`${e2e.site.baseUrl}/`)).text();
    assert.match(html, /role="dialog"[^>]*aria-modal="true"|aria-modal="true"[^>]*role="dialog"/);
    assert.match(html, /<div[^>]*inert=""[^>]*>[\s\S]*id="conteudo"/, "the server renders the page behind inert");

    for (const mobile of [false, true]) {
      const width = mobile ? 390 : 1280;
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile });
      await visit(page, `/cidade/${SAO_PAULO.slug}`);
      const gate = page.getByRole("dialog", { name: "Conteúdo adulto (+18)" });
      await gate.waitFor();
      assert.equal(await gate.getAttribute("aria-modal"), "true");
      const inert = () => page.locator("#conteudo").evaluate((main) => main.closest("[inert]") !== null);
      assert.equal(await inert(), true, "the page behind the gate is inert");
      const focusInGate = () =>
        page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.hasFocus());
      assert.equal(await focusInGate(), true, "the focus starts in the gate");
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        assert.equal(await focusInGate(), true, `Tab ${i + 1} keeps the focus in the gate`);
      }
      await shot(page, `a11y-age-gate-${width}`, { fullPage: false, settle: 300 });
      await gate.getByRole("button", { name: "Entrar no site" }).click();
      await gate.waitFor({ state: "hidden" });
      assert.equal(await inert(), false, "the page is usable once accepted");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
