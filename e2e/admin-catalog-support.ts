import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { buildOrder, buildVisits, updateModel } from "../apps/server/src/test/factories";
import { advertiser, type E2E } from "./fixtures";
import type { Site } from "./harness";

/** Helpers of e2e/admin-catalog.spec.ts: API calls, the data set the screens need, toasts. */

export const CITIES = [
  { estado_id: 35, municipio_id: 3550308, city: "São Paulo" },
  { estado_id: 33, municipio_id: 3304557, city: "Rio de Janeiro" },
  { estado_id: 31, municipio_id: 3106200, city: "Belo Horizonte" },
];

export type SeededModel = { modelId: number; productId: number; name: string };

/** One JSON call to the site; any answer but 2xx fails the test with the status and body. */
export async function callApi<T>(baseUrl: string, token: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as T;
  assert.ok(res.ok, `${method} ${pathname} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Models made public through the site's routes (fixtures.ts: registered, e-mail confirmed, verified, paid for 30
 * days), in three cities and two categories, each with one product.
 */
export async function createModelsWithProducts(site: Site, names: string[]): Promise<SeededModel[]> {
  const created: SeededModel[] = [];
  for (const [i, name] of names.entries()) {
    const place = CITIES[i % CITIES.length];
    const her = await advertiser(site, "public", {
      registration: {
        name,
        age: 25 + i,
        estado_id: place.estado_id,
        municipio_id: place.municipio_id,
        category_id: (i % 2) + 1,
      },
    });
    const { product } = await callApi<{ product: { id: number } }>(
      site.baseUrl,
      her.token,
      "POST",
      "/api/models/products",
      { name: `Ensaio ${i + 1}`, description: "Fotos exclusivas", price: "49,90", type: "digital", is_active: true },
    );
    created.push({ modelId: her.id, productId: product.id, name });
  }
  return created;
}

/**
 * What visitors and buyers would have produced over the last days, which no route can date in the past, written
 * with the server's own factories (fixtures.ts useSite: `write` stops the site and starts it again on its data
 * directory): the models' view and contact counters, page views over the last 12
 * days in three cities, and ten orders over the last ten days — the newest pending ("Cliente 0 {tag}"), the
 * others paid, cancelled or pending.
 */
export async function seedActivity(e2e: E2E, models: SeededModel[], tag: string): Promise<void> {
  await e2e.write(async (app) => {
    for (const [i, m] of models.entries()) {
      await updateModel(app, m.modelId, { viewsCount: 400 - i * 90, contactCount: 40 - i * 7 });
    }
    for (let day = 0; day < 12; day++) {
      for (const [c, place] of CITIES.entries()) {
        const moments = Array.from(
          { length: 3 + ((day + c) % 4) },
          (_, v) => new Date(Date.now() - day * 86_400_000 - v * 3_600_000),
        );
        await buildVisits(app, moments, place.city);
      }
    }
    const statuses = ["paid", "paid", "cancelled", "paid", "pending"];
    for (let n = 0; n < 10; n++) {
      const m = models[n % models.length];
      const status = n === 0 ? "pending" : statuses[n % statuses.length];
      const at = new Date(Date.now() - n * 86_400_000);
      await buildOrder(app, {
        productId: m.productId,
        modelId: m.modelId,
        productName: `Ensaio ${(n % models.length) + 1}`,
        customerName: `Cliente ${n} ${tag}`,
        customerEmail: `cliente${n}-${tag}@e2e.local`,
        customerPhone: "11987654321",
        amountCents: 4990 + n * 1000,
        status,
        method: "pix",
        paidAt: status === "paid" ? at : null,
        createdAt: at,
      });
    }
  });
}

/** A toast with exactly this text. */
export const toastWith = (page: Page, text: string) =>
  page.getByRole("list", { name: "Notificações" }).getByText(text, { exact: true }).first();

/** Back at the top, with the top progress bar gone (before screenshots). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.locator('[data-testid="top-progress"][data-active="false"]').waitFor({ state: "attached" });
  await page.waitForTimeout(300);
}

/** The card (a <section>) whose heading is exactly `title`. */
export const cardTitled = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
