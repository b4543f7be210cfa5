import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import type { AnalyticsResponse } from "@vitrine/contracts";
import sharp from "sharp";
import { axeSeriousFindings } from "./axe";
import { advertiser, advertiserPage, siteCall, useSite, visitorPage } from "./fixtures";
import { shot, visit } from "./harness";

/**
 * Her analytics (issue 31, decision 077): a visitor sees her card on her city's page, opens her profile from it and
 * a photo in the lightbox; the page's beacon carries the card's impression and click and the photo's opening, the
 * server adds them in its next flush, and she reads them on "Estatísticas" at 390 and 1280 px, then switches the
 * period.
 */
const e2e = useSite();

async function uploadPublicPhoto(token: string): Promise<void> {
  const png = await sharp(randomBytes(240 * 320 * 3), { raw: { width: 240, height: 320, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("is_public", "true");
  form.append("photo", new Blob([png], { type: "image/png" }), "foto.png");
  const upload = await fetch(`${e2e.site.baseUrl}/api/models/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(upload.status, 201, await upload.text());
}

describe("Estatísticas", () => {
  test("a visitor's card view, click and photo opening reach her charts; 390 and 1280 px; the period switches", async () => {
    const name = `Estatística ${randomBytes(2).toString("hex")}`;
    const her = await advertiser(e2e.site, "public", {
      registration: { name, estado_id: 24, municipio_id: 2401305 },
    });
    await uploadPublicPhoto(her.token);
    await uploadPublicPhoto(her.token);
    const { model } = await siteCall<{ model: { city_slug: string } }>(e2e.site, "GET", `/api/models/public/${her.id}`);

    const visitor = await visitorPage(e2e.browser, e2e.site);
    try {
      const card = visitor.page.getByRole("link", { name, exact: true });
      // Her city's page lists her once the public data moved on (the listing's cache): asked again if not yet.
      for (let attempt = 0; ; attempt++) {
        await visit(visitor.page, `/cidade/${model.city_slug}`);
        const shown = await card.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        assert.ok(attempt < 5, "her card on her city's page");
      }
      await card.scrollIntoViewIfNeeded();
      // The card counts as shown once half of it is in view (an IntersectionObserver's callback).
      await visitor.page.waitForTimeout(500);
      await card.click();
      await visitor.page.waitForURL(`**/${her.id}`);
      await visitor.page.getByRole("button", { name: /^Abrir foto 2 de 2/ }).click();
      await visitor.page.getByRole("dialog").waitFor();
      await visitor.page.keyboard.press("Escape");
      // Leaving the site ends the page view: the beacon goes with it.
      await visitor.page.goto("about:blank");
    } finally {
      await visitor.context.close();
    }
    await siteCall(e2e.site, "POST", `/api/models/public/${her.id}/contact`, { body: { channel: "whatsapp" } });

    // The server writes its counts every few seconds.
    let figures: AnalyticsResponse | undefined;
    for (let i = 0; i < 40; i++) {
      figures = await siteCall<AnalyticsResponse>(e2e.site, "GET", "/api/models/analytics?dias=30", {
        token: her.token,
      });
      if (figures.totals.card_clicks > 0 && figures.photos.some((p) => p.lightbox_opens > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.ok(figures);
    assert.equal(figures.totals.card_impressions, 1, JSON.stringify(figures.totals));
    assert.equal(figures.totals.card_clicks, 1);
    assert.equal(figures.totals.profile_views, 1);
    assert.equal(figures.totals.contact_whatsapp, 1);
    assert.deepEqual(
      figures.photos.map((p) => [p.lightbox_opens, p.cover_impressions, p.cover_clicks]),
      [
        [0, 1, 1],
        [1, 0, 0],
      ],
    );

    const { context, page, errors } = await advertiserPage(e2e.browser, e2e.site, her, { mobile: true });
    try {
      await visit(page, "/dashboard");
      await page.getByRole("link", { name: "Ver Estatísticas" }).click();
      await page.waitForURL("**/dashboard/estatisticas");
      await page.getByRole("heading", { name: "Estatísticas", level: 1 }).waitFor();
      const period = page.getByRole("group", { name: "Período" });
      assert.equal(await period.getByRole("button", { name: "30 dias" }).getAttribute("aria-pressed"), "true");
      await page.getByText("Últimos 30 dias, até hoje (parcial).").waitFor();
      await page
        .getByTestId("city-note")
        .getByText(/pelo menos 5 anunciantes/)
        .waitFor();
      const stat = (label: string) => page.locator("dl div").filter({ has: page.getByText(label, { exact: true }) });
      assert.equal(await stat("Card exibido").locator("dd").first().textContent(), "1");
      assert.equal(await stat("Taxa de cliques").locator("dd").first().textContent(), "100%");
      assert.equal(await stat("WhatsApp").locator("dd").first().textContent(), "1");
      await page.getByRole("heading", { name: "Card e perfil por dia" }).waitFor();
      await page.locator(".recharts-surface").first().waitFor();
      const photos = page.getByRole("table", { name: "Números por foto no período" });
      await photos.getByText("Capa", { exact: true }).waitFor();
      await shot(page, "analytics/30-days-390", { fullPage: true, settle: 300 });
      assert.deepEqual(await axeSeriousFindings(page), [], "axe on Estatísticas");

      await period.getByRole("button", { name: "7 dias" }).click();
      await page.getByText("Últimos 7 dias, até hoje (parcial).").waitFor();
      assert.equal(await period.getByRole("button", { name: "7 dias" }).getAttribute("aria-pressed"), "true");
      // The table alternative of the chart: one row per day of the period.
      await page.getByText("Ver tabela").first().click();
      const table = page.getByRole("table", { name: "Card e perfil por dia, por dia" });
      assert.equal(await table.locator("tbody tr").count(), 7);
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, "analytics/7-days-1280", { fullPage: true, settle: 300 });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
