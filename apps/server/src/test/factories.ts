/**
 * Test data. `build*` functions create one unique row straight in the database and return what a test needs of
 * it; `registerModel` goes through the real route. No test depends on another's data.
 */
import { randomBytes } from "node:crypto";
import type { RegisterBody } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  accessLogs,
  categories,
  estados,
  modelPayments,
  models,
  municipios,
  orders,
  photos,
  plans,
  products,
  settings,
} from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { derivedListingColumns } from "../db/derived-columns";
import { buildModelSearchText } from "../modules/models/search-text";
import { publicModelValues } from "../modules/models/visibility";
import { TEST_ADMIN } from "./helper";
import { buildRegistration } from "./registration";
import { completeSignIn } from "./two-factor";

export { buildRegistration, SAO_PAULO } from "./registration";
export const RIO = { estado_id: 33, municipio_id: 3304557 };

let seq = 0;

/**
 * Registers a model through the real route; returns its token and id. Her e-mail is then marked confirmed (as if
 * she opened the link), so tests of paying and visibility start from a usable account; the confirmation itself
 * is tested in modules/mail with `confirmed: false`.
 */
export async function registerModel(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
  opts: { confirmed?: boolean } = {},
) {
  const body = buildRegistration(overrides);
  const res = await app.inject({ method: "POST", url: "/api/auth/model/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; model: { id: number } };
  if (opts.confirmed !== false) {
    await app.db.update(models).set({ emailConfirmedAt: new Date() }).where(eq(models.id, json.model.id));
  }
  return { token: json.token, id: json.model.id, body };
}

/**
 * Makes a registered model publicly visible (the server's publicModelValues, with a plan valid for `days` more
 * days), all but her e-mail confirmation: registerModel gave it, or not (`confirmed: false`).
 */
export async function makeVisible(app: FastifyInstance, modelId: number, days = 30) {
  const { emailConfirmedAt: _confirmation, ...values } = publicModelValues(addDays(todayInSaoPaulo(), days));
  await app.db
    .update(models)
    .set({ ...values, firstPaidAt: new Date() })
    .where(eq(models.id, modelId));
}

/** Signs TEST_ADMIN in through the real routes, password then code; the first time it sets up her authenticator. */
export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/admin/login", payload: TEST_ADMIN });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  // Admins sign in in two steps (modules/two-factor): the helper is the admin's authenticator app.
  return completeSignIn(app, "admin", res.json());
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type ModelInsert = typeof models.$inferInsert;

export type QuickModel = Partial<Omit<ModelInsert, "id">> & {
  /** Days the plan is still valid: 0 = due today (expired), negative = past, null = never paid. */
  validDays?: number | null;
};

/**
 * Inserts one model straight into the database (no password hashing), visible by default: verified, active, plan
 * valid for 30 more days, in São Paulo. search_text is computed the way registration and profile edits do.
 */
export async function buildModel(app: FastifyInstance, input: QuickModel = {}): Promise<number> {
  seq += 1;
  const tag = `${process.pid}q${seq}${randomBytes(3).toString("hex")}`;
  const { validDays = 30, ...fields } = input;
  const municipioId = fields.municipioId ?? 3550308;
  const [place] = await app.db
    .select({ nome: municipios.nome, estadoId: municipios.estadoId, uf: estados.uf })
    .from(municipios)
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .where(eq(municipios.id, municipioId));
  if (!place) throw new Error(`unknown municipio ${municipioId}`);
  const categoryId = fields.categoryId === undefined ? 1 : fields.categoryId;
  const [category] = categoryId
    ? await app.db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId))
    : [];
  const name = fields.name ?? `Modelo ${seq}`;
  const description = fields.description ?? "";
  const values: ModelInsert = {
    username: `quick${tag}`,
    email: `quick${tag}@example.com`,
    passwordHash: "not-a-real-hash",
    age: 25,
    ...publicModelValues(validDays === null ? null : addDays(todayInSaoPaulo(), validDays)),
    firstPaidAt: validDays === null ? null : new Date(),
    ...fields,
    name,
    description,
    municipioId,
    estadoId: place.estadoId,
    categoryId,
    // The columns a profile save derives (price_from from the rates, …), by the same code.
    ...derivedListingColumns({
      rates: fields.rates ?? "",
      services: fields.services ?? "",
      neighborhood: fields.neighborhood ?? null,
    }),
    searchText: buildModelSearchText({
      name,
      description,
      categoryName: category?.name ?? null,
      cityName: place.nome,
      uf: place.uf,
    }),
  };
  const [row] = await app.db.insert(models).values(values).returning({ id: models.id });
  return row.id;
}

export async function updateModel(app: FastifyInstance, id: number, set: Partial<ModelInsert>): Promise<void> {
  await app.db.update(models).set(set).where(eq(models.id, id));
}

/** Sets `set` on every model (a seeded data set's counters, say). */
export async function updateEveryModel(app: FastifyInstance, set: Partial<ModelInsert>): Promise<void> {
  await app.db.update(models).set(set);
}

/** A photo row (no files): public and primary by default. */
export async function buildPhoto(
  app: FastifyInstance,
  modelId: number,
  opts: { isPrimary?: boolean; isPublic?: boolean } = {},
): Promise<{ id: number; filename: string }> {
  const filename = randomBytes(16).toString("hex");
  const [row] = await app.db
    .insert(photos)
    .values({
      modelId,
      filename,
      width: 1200,
      height: 1600,
      isPrimary: opts.isPrimary ?? true,
      isPublic: opts.isPublic ?? true,
    })
    .returning({ id: photos.id });
  return { id: row.id, filename };
}

export async function buildProduct(
  app: FastifyInstance,
  modelId: number,
  opts: { name?: string; priceCents?: number; isActive?: boolean } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(products)
    .values({
      modelId,
      name: opts.name ?? "Pacote de fotos",
      description: "Dez fotos exclusivas",
      priceCents: opts.priceCents ?? 4990,
      type: "digital",
      isActive: opts.isActive ?? true,
    })
    .returning({ id: products.id });
  return row.id;
}

/** Cities of the fixtures (IBGE codes). The two Campo Grande share a name, not a slug. */
export const CITIES = {
  saoPaulo: 3550308,
  rio: 3304557,
  campoGrandeMs: 5002704,
  campoGrandeRn: 2401305,
  saoJoseDosCampos: 3549904,
} as const;

/** A plan row: monthly, R$ 59,90, active, all payment methods unless told otherwise. */
export async function buildPlan(app: FastifyInstance, input: Partial<typeof plans.$inferInsert> = {}): Promise<number> {
  seq += 1;
  const [row] = await app.db
    .insert(plans)
    .values({ name: `Plano ${seq}`, priceCents: 5990, periodType: "monthly", ...input })
    .returning({ id: plans.id });
  return row.id;
}

/** A model payment row: a paid cash payment of R$ 59,90 unless told otherwise. */
export async function buildPayment(
  app: FastifyInstance,
  input: Partial<typeof modelPayments.$inferInsert> & { modelId: number },
): Promise<number> {
  const [row] = await app.db
    .insert(modelPayments)
    .values({ amountCents: 5990, method: "cash", status: "paid", paidAt: new Date(), ...input })
    .returning({ id: modelPayments.id });
  return row.id;
}

/** Sets a setting's value straight in the database (creating the row when missing). */
export async function setSetting(app: FastifyInstance, key: string, value: string): Promise<void> {
  await app.db
    .insert(settings)
    .values({ settingKey: key, settingValue: value })
    .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: value } });
}

/** An order row: pending by default, of 49,90, now, on no product unless given. */
export async function buildOrder(
  app: FastifyInstance,
  opts: Partial<Omit<typeof orders.$inferInsert, "id">> = {},
): Promise<number> {
  seq += 1;
  const [row] = await app.db
    .insert(orders)
    .values({
      productName: "Pacote de fotos",
      customerName: `Cliente ${seq}`,
      customerEmail: `cliente${seq}@example.com`,
      customerPhone: "11987654321",
      amountCents: 4990,
      status: "pending",
      method: "pix",
      ...opts,
    })
    .returning({ id: orders.id });
  return row.id;
}

/** Public page views (access-log rows) at the given moments, in the given city ("São Paulo - SP") or none. */
export async function buildVisits(app: FastifyInstance, moments: Date[], city: string | null = null): Promise<void> {
  if (moments.length === 0) return;
  await app.db.insert(accessLogs).values(moments.map((createdAt) => ({ createdAt, page: "home", city })));
}
