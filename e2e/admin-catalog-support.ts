import assert from "node:assert/strict";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";

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

/** Models registered through the public API (three cities, two categories), each with one product. */
export async function createModelsWithProducts(baseUrl: string, names: string[], tag: string): Promise<SeededModel[]> {
  const created: SeededModel[] = [];
  for (const [i, name] of names.entries()) {
    const place = CITIES[i % CITIES.length];
    const { token, model } = await callApi<{ token: string; model: { id: number } }>(
      baseUrl,
      "",
      "POST",
      "/api/auth/model/register",
      {
        username: `catalogo_${tag}_${i}`,
        email: `catalogo-${tag}-${i}@e2e.local`,
        password: "senha-segura-123",
        name,
        age: 25 + i,
        phone: "11987654321",
        whatsapp: "11987654321",
        estado_id: place.estado_id,
        municipio_id: place.municipio_id,
        category_id: (i % 2) + 1,
      },
    );
    const { product } = await callApi<{ product: { id: number } }>(baseUrl, token, "POST", "/api/models/products", {
      name: `Ensaio ${i + 1}`,
      description: "Fotos exclusivas",
      price: "49,90",
      type: "digital",
      is_active: true,
    });
    created.push({ modelId: model.id, productId: product.id, name });
  }
  return created;
}

/**
 * What visitors and buyers would have produced, written while the server is stopped (PGlite allows one process
 * per directory): the models verified, paid up and visible with views and contacts, page views over the last 12
 * days in three cities, and ten orders over the last ten days — the newest pending ("Cliente 0 {tag}"), the others
 * paid, cancelled or pending.
 */
export async function seedActivityInDatabase(dataDir: string, models: SeededModel[], tag: string): Promise<void> {
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    for (const [i, m] of models.entries()) {
      await db.query(
        `update models set is_active = true, is_verified = true, email_confirmed_at = now(),
           next_due_date = (now() at time zone 'America/Sao_Paulo')::date + 30,
           first_paid_at = now(), views_count = $2, contact_count = $3 where id = $1`,
        [m.modelId, 400 - i * 90, 40 - i * 7],
      );
    }
    for (let day = 0; day < 12; day++) {
      for (const [c, place] of CITIES.entries()) {
        for (let v = 0; v < 3 + ((day + c) % 4); v++) {
          await db.query(
            `insert into access_logs (created_at, page, municipio_id, city)
             values (now() - make_interval(days => $1, hours => $2), 'city', $3, $4)`,
            [day, v, place.municipio_id, place.city],
          );
        }
      }
    }
    const statuses = ["paid", "paid", "cancelled", "paid", "pending"];
    for (let n = 0; n < 10; n++) {
      const m = models[n % models.length];
      await db.query(
        `insert into orders (product_id, model_id, product_name, customer_name, customer_email, customer_phone,
           amount_cents, status, method, paid_at, created_at)
         values ($1, $2, $3, $4, $5, '11987654321', $6, $7, 'pix',
           case when $7 = 'paid' then now() - make_interval(days => $8) end, now() - make_interval(days => $8))`,
        [
          m.productId,
          m.modelId,
          `Ensaio ${(n % models.length) + 1}`,
          `Cliente ${n} ${tag}`,
          `cliente${n}-${tag}@e2e.local`,
          4990 + n * 1000,
          n === 0 ? "pending" : statuses[n % statuses.length],
          n,
        ],
      );
    }
  } finally {
    await db.close();
  }
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
