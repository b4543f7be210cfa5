import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AGE_CHECK_CANCELLED_MESSAGE, AGE_REFUSED_MESSAGE } from "@vitrine/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { DEMO_AGE_VERIFIER } from "../apps/server/src/fake-age-verifier/identity";
import { shot as takeShot, visit } from "./harness";
import { useSite } from "./fixtures";
import { cards, newPage } from "./public-support";

/**
 * The age gate with an age verifier (AGE_ASSURANCE=verifier) against the demo verifier, a real OpenID Connect
 * provider: the gate is the server's page, the check runs at the verifier and the site shows its models only to
 * a browser holding the age pass it gives for "Maior de 18".
 */

const CITY = { slug: "sao-paulo-sp", label: "São Paulo - SP" };
const SHOTS = "age-gate";

const e2e = useSite({ data: "demo", verifier: "age" });

const gateOf = (page: Page) => page.getByRole("dialog", { name: "Conteúdo adulto (+18)" });

async function shot(page: Page, name: string): Promise<void> {
  await takeShot(page, `${SHOTS}/${name}`, { fullPage: false });
}

/** At the demo verifier's page: gives `answer` and waits to be back on the site. */
async function answerAtVerifier(page: Page, answer: "Maior de 18" | "Menor de 18" | "Cancelar"): Promise<void> {
  await page.waitForURL(`${e2e.verifier.issuer}/**`);
  await page.getByRole("heading", { name: "Confirme sua idade" }).waitFor();
  await page.getByRole("button", { name: answer }).click();
  await page.waitForURL(`${e2e.site.baseUrl}/**`);
}

/** The gate page of the city: the gate, the verifier's name, no model. */
async function expectGate(page: Page): Promise<void> {
  const gate = gateOf(page);
  await gate.waitFor();
  await gate.getByText(DEMO_AGE_VERIFIER.name).waitFor();
  await gate.getByRole("button", { name: "Ler Termos de Uso" }).waitFor();
  assert.equal(await cards(page).count(), 0, "no model behind the gate");
  assert.equal(await page.locator('img[src*="/uploads/photos/"]').count(), 0, "no photo behind the gate");
}

describe("age assurance with a verifier", () => {
  test("gate → verifier → adult: the city page shows its models; a new browser meets the gate again", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl);
    await visit(page, `/cidade/${CITY.slug}`);
    assert.match(await page.title(), /^Acompanhantes em São Paulo - SP \| /);
    await expectGate(page);
    await shot(page, "gate-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "gate-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
    await answerAtVerifier(page, "Maior de 18");
    assert.equal(new URL(page.url()).pathname, `/cidade/${CITY.slug}`);
    await cards(page).first().waitFor();
    assert.equal(await gateOf(page).count(), 0, "the gate is gone");
    await page.getByRole("heading", { level: 1, name: CITY.label }).waitFor();
    // The photos are served to the browser holding the pass.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="model-card"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    // The pass lasts the browser session: another page opens at once.
    await visit(page, "/");
    await cards(page).first().waitFor();
    assert.equal(await gateOf(page).count(), 0);
    assert.deepEqual(errors, []);

    // Another browser (a new context: no cookies) meets the gate again.
    const other = await newPage(e2e.browser, e2e.site.baseUrl);
    await visit(other.page, `/cidade/${CITY.slug}`);
    await expectGate(other.page);
    assert.deepEqual(other.errors, []);
    await other.context.close();
    await context.close();
  });

  test("gate → verifier → minor: refused with the message, no retry, no model, and no pass", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile });
      await visit(page, `/cidade/${CITY.slug}`);
      await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
      await answerAtVerifier(page, "Menor de 18");
      const url = new URL(page.url());
      assert.equal(url.pathname, `/cidade/${CITY.slug}`);
      assert.equal(url.searchParams.get("idade"), "menor");
      await expectGate(page);
      const alert = gateOf(page).getByRole("alert");
      assert.equal((await alert.textContent())?.trim(), AGE_REFUSED_MESSAGE);
      assert.equal(await gateOf(page).getByRole("link").count(), 0, "a minor is offered no new try");
      await shot(page, mobile ? "refused-390" : "refused-1280");
      const api = await page.evaluate(async () => (await fetch("/api/models/public")).status);
      assert.equal(api, 403, "no pass was given");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("gate → verifier → Cancelar: the gate says it was cancelled (no failure) and starts again", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile });
      await visit(page, `/cidade/${CITY.slug}`);
      await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
      await answerAtVerifier(page, "Cancelar");
      assert.equal(new URL(page.url()).searchParams.get("idade"), "cancelada");
      await expectGate(page);
      const status = gateOf(page).getByRole("status");
      assert.equal((await status.textContent())?.trim(), AGE_CHECK_CANCELLED_MESSAGE);
      assert.equal(await gateOf(page).getByRole("alert").count(), 0, "a cancelled check is no failure");
      await shot(page, mobile ? "cancelled-390" : "cancelled-1280");
      // Starting again reaches the verifier, and an adult's answer opens the page.
      await gateOf(page).getByRole("link", { name: "Começar de novo" }).click();
      await answerAtVerifier(page, "Maior de 18");
      assert.equal(new URL(page.url()).pathname, `/cidade/${CITY.slug}`);
      await cards(page).first().waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("without JavaScript the gate's link runs the whole check", async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.site.baseUrl,
      javaScriptEnabled: false,
      locale: "pt-BR",
    });
    const page = await context.newPage();
    await page.goto(`/cidade/${CITY.slug}`);
    await expectGate(page);
    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
    await answerAtVerifier(page, "Maior de 18");
    await page.getByRole("heading", { level: 1, name: CITY.label }).waitFor();
    await cards(page).first().waitFor();
    assert.equal(await gateOf(page).count(), 0);
    await context.close();
  });

  test("a product's checkout is adult content: without a pass it shows the gate, which leads back to it", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true });
    await visit(page, `/cidade/${CITY.slug}`);
    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
    await answerAtVerifier(page, "Maior de 18");
    await cards(page).first().waitFor();
    // A product of a visible model, read with the pass (the demo data gives products to some models).
    const productId = await page.evaluate(async () => {
      const list = (await (await fetch("/api/models/public?limit=50")).json()) as { models: { id: number }[] };
      for (const { id } of list.models) {
        const profile = (await (await fetch(`/api/models/public/${id}`)).json()) as { products: { id: number }[] };
        if (profile.products[0]) return profile.products[0].id;
      }
      return null;
    });
    assert.ok(productId, "the demo data has a product");
    await clearAgePass(context);
    await visit(page, `/checkout/${productId}`);
    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).waitFor();
    assert.equal(await page.getByRole("heading", { name: "Checkout" }).count(), 0, "no checkout behind the gate");
    await shot(page, "checkout-gate-390");
    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
    await answerAtVerifier(page, "Maior de 18");
    assert.equal(new URL(page.url()).pathname, `/checkout/${productId}`);
    await page.getByRole("heading", { name: "Checkout" }).waitFor();
    await page.getByRole("heading", { name: "Seus dados" }).waitFor();
    assert.equal(await gateOf(page).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the sign-in pages show no gate; a pass that ends mid-visit brings the gate back", async () => {
    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl);
    await visit(page, "/login");
    await page.getByRole("heading", { name: "Entrar", exact: true }).waitFor();
    assert.equal(await gateOf(page).count(), 0, "no gate on the sign-in page");

    await visit(page, `/cidade/${CITY.slug}`);
    await gateOf(page).getByRole("link", { name: "Verificar minha idade" }).click();
    await answerAtVerifier(page, "Maior de 18");
    await cards(page).first().waitFor();
    // The pass ends (its session cookie gone): the next read of adult content is refused and the gate returns.
    await clearAgePass(context);
    await cards(page).first().getByRole("link").first().click();
    await gateOf(page).waitFor();
    assert.equal(await cards(page).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

async function clearAgePass(context: BrowserContext): Promise<void> {
  const kept = (await context.cookies()).filter((cookie) => cookie.name !== "age_pass");
  await context.clearCookies();
  await context.addCookies(kept);
}
