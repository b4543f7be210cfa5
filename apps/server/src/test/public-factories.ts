import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { categories, estados, models, municipios, photos, products } from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { buildModelSearchText } from "../modules/models/search-text";

type ModelRow = typeof models.$inferInsert;

export type QuickModel = Partial<Omit<ModelRow, "id">> & {
  /** Days the plan is still valid: 0 = due today (expired), negative = past, null = never paid. */
  validDays?: number | null;
};

let seq = 0;

/**
 * Inserts one model straight into the database (no password hashing), visible by default: active, plan valid
 * for 30 more days, in São Paulo. search_text is computed the way registration and profile edits do.
 */
export async function insertModel(app: FastifyInstance, input: QuickModel = {}): Promise<number> {
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
  const values: ModelRow = {
    username: `quick${tag}`,
    email: `quick${tag}@example.com`,
    passwordHash: "not-a-real-hash",
    age: 25,
    isActive: true,
    nextDueDate: validDays === null ? null : addDays(todayInSaoPaulo(), validDays),
    firstPaidAt: validDays === null ? null : new Date(),
    ...fields,
    name,
    description,
    municipioId,
    estadoId: place.estadoId,
    categoryId,
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

export async function updateModel(app: FastifyInstance, id: number, set: Partial<ModelRow>): Promise<void> {
  await app.db.update(models).set(set).where(eq(models.id, id));
}

/** A photo row (no files): public and primary by default. */
export async function insertPhoto(
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

export async function insertProduct(
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
