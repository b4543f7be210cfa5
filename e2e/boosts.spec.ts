import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { AdminSettingsResponse, OwnBoostsResponse } from "@vitrine/contracts";
import sharp from "sharp";
import { type FakeMercadoPago, startFakeMercadoPago } from "../apps/server/src/fake-mercadopago/fake-mercadopago";
import { axeSeriousFindings } from "./axe";
import { adminPage, adminToken, advertiser, advertiserPage, siteCall, useSite, visitorPage } from "./fixtures";
import { shot, visit } from "./harness";

/**
 * Paid boosts (issue 31, decision 079): she buys a "Destaque 7 dias" by Mercado Pago Pix on her dashboard at 390 px,
 * pays it in the "Simulador Mercado Pago" (whose Aprovar sends the signed webhook), sees it confirmed and waiting
 * for review; the admin approves her ad as it stands in "Impulsionamentos" at 1280 px (with its waiting time); her
 * dashboard then shows it live, and a visitor's open city page moves her card to the featured place. The public rules page "Como ordenamos os anúncios" is reached from the footer.
 */
let fake: FakeMercadoPago;
const e2e = useSite(async () => {
  fake = await startFakeMercadoPago();
  return { env: { MERCADOPAGO_API_URL: fake.url } };
});

async function setSetting(key: string, value: string): Promise<void> {
  const token = await adminToken(e2e.site);
  const { settings } = await siteCall<AdminSettingsResponse>(e2e.site, "GET", "/api/admin/settings", { token });
  const found = settings.find((s) => s.setting_key === key);
  if (found) await siteCall(e2e.site, "PUT", `/api/admin/settings/${found.id}`, { body: { value }, token });
  else
    await siteCall(e2e.site, "POST", "/api/admin/settings", {
      body: { setting_key: key, setting_value: value },
      token,
    });
}

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

before(async () => {
  await setSetting("mp_access_token_test", "TEST-e2e-token");
  await setSetting("mp_webhook_secret", fake.webhookSecret);
});
after(async () => {
  await fake?.close();
});

describe("paid boosts", () => {
  test("a Destaque bought by Pix in the simulator, approved by the admin, live on her dashboard", async () => {
    const name = `Destaque ${randomBytes(2).toString("hex")}`;
    // A city of her own in this suite (Amajari, RR): a newer advertiser there comes first until the boost.
    const city = { municipio_id: 1400027, estado_id: 14 };
    const her = await advertiser(e2e.site, "public", { registration: { name, ...city } });
    await uploadPublicPhoto(her.token);
    const newer = `Recente ${randomBytes(2).toString("hex")}`;
    await advertiser(e2e.site, "public", { registration: { name: newer, ...city } });

    // She buys it on her phone.
    const mine = await advertiserPage(e2e.browser, e2e.site, her, { mobile: true });
    await visit(mine.page, "/dashboard/impulsionar");
    const product = mine.page.locator("[data-boost-product]").filter({ hasText: "Destaque 7 dias" });
    await product.getByText("R$ 29,90").waitFor();
    await product.getByRole("button", { name: "Pagar com Pix" }).click();
    await mine.page.locator('[data-pix-state="pending"]').waitFor();
    assert.match(await mine.page.getByRole("textbox", { name: "Pix copia e cola" }).inputValue(), /^000201/);
    await shot(mine.page, "boosts/pix-390");

    const [simulator] = await Promise.all([
      mine.context.waitForEvent("page"),
      mine.page.getByRole("link", { name: "Abrir página do pagamento" }).click(),
    ]);
    await simulator.getByRole("button", { name: "Aprovar" }).click();
    await mine.page.locator('[data-pix-state="paid"]').getByText("Pagamento confirmado").waitFor({ timeout: 20_000 });
    await simulator.close();
    const row = mine.page.locator("[data-boost-id]").filter({ hasText: "Destaque 7 dias" });
    await row.locator('[data-boost-phase="awaiting_review"]').waitFor({ timeout: 20_000 });
    // Its receipt: her payment's number, method and time.
    assert.match((await row.getByTestId("boost-receipt").textContent()) ?? "", /Recibo: pagamento nº \d+, Pix/);
    await shot(mine.page, "boosts/awaiting-review-390");

    // A visitor has her city open at 1280 px: the newer advertiser comes first.
    const { model: profile } = await siteCall<{ model: { city_slug: string } }>(
      e2e.site,
      "GET",
      `/api/models/public/${her.id}`,
    );
    const visitor = await visitorPage(e2e.browser, e2e.site);
    await visit(visitor.page, `/cidade/${profile.city_slug}`);
    const firstCard = visitor.page.getByTestId("model-card").first();
    await firstCard.getByText(newer).waitFor();

    // The admin reviews it at 1280 px.
    const admin = await adminPage(e2e.browser, e2e.site);
    await visit(admin.page, "/admin/impulsionamentos");
    const item = admin.page.locator("[data-admin-boost]").filter({ hasText: name });
    await item.getByText(/Aguardando há \d+ min/).waitFor();
    await item.getByRole("img", { name: "Foto de capa" }).waitFor();
    assert.deepEqual(await axeSeriousFindings(admin.page), []);
    await shot(admin.page, "boosts/admin-queue-1280");
    await item.getByRole("button", { name: "Aprovar anúncio como está" }).click();
    await item.waitFor({ state: "detached", timeout: 20_000 });

    // The open city page moves her card to the featured place (the event stream tells it).
    await firstCard.getByText(name).waitFor({ timeout: 15_000 });
    // Paid content is marked on the card.
    await firstCard.getByText("Destaque (anúncio pago)").waitFor();
    await shot(visitor.page, "boosts/city-featured-1280");
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();

    // Her dashboard shows it live (its list is read again while one is waiting).
    await row.locator('[data-boost-phase="live"]').waitFor({ timeout: 30_000 });
    const own = await siteCall<OwnBoostsResponse>(e2e.site, "GET", "/api/models/boosts", { token: her.token });
    const boost = own.boosts.find((b) => b.name === "Destaque 7 dias");
    assert.equal(boost?.phase, "live");
    assert.equal((Date.parse(boost!.ends_at!) - Date.parse(boost!.starts_at!)) / 86_400_000, 7);
    assert.deepEqual(await axeSeriousFindings(mine.page), []);
    await shot(mine.page, "boosts/live-390");
    // By card: Mercado Pago's checkout (the simulator) opens in a new tab for a "Subir anúncio".
    const bump = mine.page.locator("[data-boost-product]").filter({ hasText: "Subir anúncio (1 vez)" });
    const [checkoutTab] = await Promise.all([
      mine.context.waitForEvent("page"),
      bump.getByRole("button", { name: "Cartão" }).click(),
    ]);
    await checkoutTab.getByRole("button", { name: "Aprovar" }).waitFor();
    await checkoutTab.close();
    assert.deepEqual(mine.errors, []);
    assert.deepEqual(admin.errors, []);
    await mine.context.close();
    await admin.context.close();
  });

  test("the public rules of the order are linked from the footer", async () => {
    const { context, page, errors } = await visitorPage(e2e.browser, e2e.site);
    await visit(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Como ordenamos os anúncios" }).click();
    await page.getByRole("heading", { level: 1, name: "Como ordenamos os anúncios" }).waitFor();
    await page.getByText("Todo impulsionamento pago é revisado antes de ir ao ar").waitFor();
    assert.deepEqual(await axeSeriousFindings(page), []);
    await shot(page, "boosts/rules-1280");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
