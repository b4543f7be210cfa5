import { randomBytes } from "node:crypto";
import { serializeRates } from "@vitrine/contracts";
import { eq, inArray, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import {
  accessLogs,
  categories,
  estados,
  modelPayments,
  models,
  municipios,
  orders,
  photos,
  products,
} from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { hashPassword } from "../lib/passwords";
import { photoKey, type ProcessedPhoto, processPhoto } from "../lib/photo-processing";
import { buildModelSearchText } from "../modules/models/search-text";
import { publicModelValues } from "../modules/models/visibility";
import {
  DEMO_CITIES,
  DEMO_DESCRIPTIONS,
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_OBSERVATIONS,
  DEMO_PRODUCTS,
  DEMO_SERVICES,
} from "./demo-data";
import { type DemoAccount, drawAccount, ensureDemoPlans } from "./demo-accounts";
import { type DemoProduct, drawOrders } from "./demo-sales";
import { drawVisits } from "./demo-visits";
import { generateAbstractImage } from "./images";
import { createRandom } from "./random";

/** Every demo model signs in with its e-mail (demo1@vitrine.demo, demo2@…) and this password. */
export const DEMO_MODEL_PASSWORD = "demo-modelo-123";
const DEMO_PREFIX = "demo";
/** Distinct pictures generated; models share them under different stored names. */
const IMAGE_POOL = 36;

type Log = (line: string) => void;

/** Days of payments, orders and page views the demo draws. */
const ACTIVITY_DAYS = 90;

/** Inserts rows in slices, to stay far below the limit of bind parameters of one statement. */
async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** True once the demo's payments were written (the last step of seeding). */
async function hasDemoActivity(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: modelPayments.id })
    .from(modelPayments)
    .innerJoin(models, eq(models.id, modelPayments.modelId))
    .where(like(models.username, `${DEMO_PREFIX}%`))
    .limit(1);
  return row !== undefined;
}

async function buildImagePool(log: Log): Promise<ProcessedPhoto[]> {
  const pool: ProcessedPhoto[] = [];
  for (let i = 0; i < IMAGE_POOL; i++) {
    pool.push(await processPhoto(await generateAbstractImage(1000 + i)));
    if ((i + 1) % 12 === 0) log(`  imagens abstratas: ${i + 1}/${IMAGE_POOL}`);
  }
  return pool;
}

/** Stores one pooled picture's variants under a fresh random name, as an upload would be stored. */
async function storeCopy(app: FastifyInstance, image: ProcessedPhoto): Promise<string> {
  const filename = randomBytes(16).toString("hex");
  await Promise.all(image.variants.map((v) => app.storage.put(photoKey(filename, v.width), v.data, "image/webp")));
  return filename;
}

/**
 * Seeds the demo: a few hundred models over ~40 cities, most visible (some featured, some popular), a few
 * hidden (expired, inactive, never paid) so the dashboard banners can be seen, each with abstract photos,
 * products, services and rates, plans and their payments, plus 90 days of orders and page views so that every
 * admin chart has something to show. Runs once: a second start finds the models and their payments.
 */
export async function seedDemo(app: FastifyInstance, log: Log = console.log): Promise<"seeded" | "reused"> {
  const [{ existing }] = await app.db
    .select({ existing: sql<number>`count(*)::int` })
    .from(models)
    .where(like(models.username, `${DEMO_PREFIX}%`));
  const expected = DEMO_CITIES.reduce((sum, [, count]) => sum + count, 0);
  if (existing >= expected && (await hasDemoActivity(app.db))) return "reused";
  // An interrupted earlier run, or one from before the demo had payments: start over (photos and products go with
  // their models).
  if (existing > 0) await app.db.delete(models).where(like(models.username, `${DEMO_PREFIX}%`));

  const random = createRandom(20260101);
  // Plans, payments, orders and visits draw from their own sequence, so that the models stay the same picture.
  const activityRandom = createRandom(20260290);
  const today = todayInSaoPaulo();
  const now = new Date();
  const planList = await ensureDemoPlans(app.db);
  const accounts: { modelId: number; account: DemoAccount }[] = [];
  const passwordHash = await hashPassword(DEMO_MODEL_PASSWORD);
  const cats = await app.db.select().from(categories).orderBy(categories.sortOrder);
  const places = await app.db
    .select({ id: municipios.id, slug: municipios.slug, nome: municipios.nome, estadoId: estados.id, uf: estados.uf })
    .from(municipios)
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .where(
      inArray(
        municipios.slug,
        DEMO_CITIES.map(([slug]) => slug),
      ),
    );
  const placeBySlug = new Map(places.map((p) => [p.slug, p]));

  log("Gerando imagens abstratas de demonstração...");
  const pool = await buildImagePool(log);

  let n = 0;
  for (const [slug, count] of DEMO_CITIES) {
    const place = placeBySlug.get(slug);
    if (!place) continue;
    for (let i = 0; i < count; i++) {
      n += 1;
      const name = `${random.pick(DEMO_FIRST_NAMES)} ${random.pick(DEMO_LAST_NAMES)}`;
      const category = cats[n % 7 === 0 ? 1 : n % 11 === 0 ? 2 : n % 13 === 0 ? 5 : 0] ?? cats[0];
      const description = random.pick(DEMO_DESCRIPTIONS);
      // One in 15 hidden: expired, inactive or never paid (dashboards show the payment banners).
      const hidden = n % 15 === 0 ? (["expired", "inactive", "unpaid"] as const)[(n / 15) % 3] : null;
      const account = drawAccount(activityRandom, { n, hidden, planList, today, now });
      const views = random.next() < 0.15 ? random.int(1001, 4800) : random.int(3, 950);
      const price = 100 + random.int(0, 10) * 20;
      const age = random.int(19, 45);
      const [row] = await app.db
        .insert(models)
        .values({
          username: `${DEMO_PREFIX}${n}`,
          email: `${DEMO_PREFIX}${n}@vitrine.demo`,
          passwordHash,
          name,
          age,
          estadoId: place.estadoId,
          municipioId: place.id,
          categoryId: category.id,
          description,
          phone: `${random.int(11, 99)}3${random.int(1000000, 9999999)}`,
          whatsapp: `${random.int(11, 99)}9${random.int(10000000, 99999999)}`,
          instagram: random.next() < 0.6 ? `${name.split(" ")[0].toLowerCase()}.demo${n}` : null,
          height: (1.5 + random.int(0, 30) / 100).toFixed(2),
          weight: (48 + random.int(0, 300) / 10).toFixed(1),
          measurements: `${random.int(82, 100)}-${random.int(58, 72)}-${random.int(86, 106)}`,
          services: random.pick(DEMO_SERVICES),
          rates: serializeRates({
            tags: [`1h R$ ${price}`, `2h R$ ${price * 2 - 40}`, `Pernoite R$ ${price * 6}`].slice(0, random.int(1, 3)),
            obs: random.pick(DEMO_OBSERVATIONS),
          }),
          // Every demo model meets the public rule (she passed the identity verification: a birth date that gives
          // her age today) but for the hidden ones' plan or activation.
          ...publicModelValues(account.nextDueDate),
          isActive: hidden !== "inactive",
          verifiedBirthDate: addDays(`${Number(today.slice(0, 4)) - age}${today.slice(4)}`, -random.int(1, 300)),
          isFeatured: random.next() < 0.12,
          viewsCount: views,
          contactCount: Math.round(views / random.int(8, 25)),
          planId: account.planId,
          firstPaidAt: account.firstPaidAt,
          createdAt: account.createdAt,
          searchText: buildModelSearchText({
            name,
            description,
            categoryName: category.name,
            cityName: place.nome,
            uf: place.uf,
          }),
        })
        .returning({ id: models.id });
      accounts.push({ modelId: row.id, account });

      const photoCount = random.int(1, 5);
      for (let p = 0; p < photoCount; p++) {
        const image = random.pick(pool);
        await app.db.insert(photos).values({
          modelId: row.id,
          filename: await storeCopy(app, image),
          originalName: `foto-${p + 1}.jpg`,
          width: image.width,
          height: image.height,
          isPrimary: p === 0,
          // The primary is public; one in six other photos stays private (only its owner sees it).
          isPublic: p === 0 || random.next() > 1 / 6,
        });
      }
      const productCount = random.int(0, 3);
      for (let p = 0; p < productCount; p++) {
        const product = DEMO_PRODUCTS[(n + p) % DEMO_PRODUCTS.length];
        await app.db
          .insert(products)
          .values({ modelId: row.id, ...product, priceCents: random.int(19, 299) * 100 + 90 });
      }
    }
    log(`  ${place.nome} - ${place.uf}: ${count} modelos`);
  }

  await seedActivity(app.db, { accounts, activityRandom, places, today, now, log });
  log(`Demonstração: ${n} modelos em ${places.length} cidades.`);
  return "seeded";
}

/**
 * The back-office's story over the last 90 days, in one transaction (all or nothing): the models' plan payments,
 * orders of their products and public page views in their cities.
 */
async function seedActivity(
  db: Db,
  input: {
    accounts: { modelId: number; account: DemoAccount }[];
    activityRandom: ReturnType<typeof createRandom>;
    places: { id: number; slug: string; nome: string; uf: string }[];
    today: string;
    now: Date;
    log: Log;
  },
) {
  const { accounts, activityRandom: random, today, now } = input;
  const payments = accounts.flatMap(({ modelId, account }) => account.payments.map((p) => ({ ...p, modelId })));
  const demoProducts: DemoProduct[] = await db
    .select({ id: products.id, modelId: products.modelId, name: products.name, priceCents: products.priceCents })
    .from(products)
    .innerJoin(models, eq(models.id, products.modelId))
    .where(like(models.username, `${DEMO_PREFIX}%`))
    .orderBy(products.id);
  const sales = drawOrders(random, { products: demoProducts, today, now, days: ACTIVITY_DAYS });
  const weightOf = new Map(DEMO_CITIES);
  const cities = input.places.map((p) => ({
    municipioId: p.id,
    city: `${p.nome} - ${p.uf}`,
    weight: weightOf.get(p.slug) ?? 1,
  }));
  const visits = drawVisits(random, { cities, today, now, days: ACTIVITY_DAYS });
  await db.transaction(async (tx) => {
    await insertInChunks(payments, 500, (chunk) => tx.insert(modelPayments).values(chunk));
    await insertInChunks(sales, 1000, (chunk) => tx.insert(orders).values(chunk));
    await insertInChunks(visits, 5000, (chunk) => tx.insert(accessLogs).values(chunk));
  });
  input.log(
    `Demonstração: ${payments.length} pagamentos de planos, ${sales.length} pedidos e ${visits.length} acessos em ${ACTIVITY_DAYS} dias.`,
  );
}
