import { normalizeText, onlyDigits } from "@vitrine/contracts";
import { and, count, desc, eq, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, type ModelRow, models, municipios, plans } from "../../db/schema";

/** A model as the back-office lists it: the row with its place, category and plan names. */
export type AdminModelRecord = {
  model: ModelRow;
  cityName: string;
  uf: string;
  categoryName: string | null;
  planName: string | null;
  planPriceCents: number | null;
};

/** The list filters (all optional): state code, city, category and a free search. */
export type AdminModelFilters = { state?: string; city_id?: number; category_id?: number; q?: string };

/** Letters with accents that pt-BR names use, and the plain letters they fold to (same order, same length). */
const ACCENTED = "ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ";
const PLAIN = "AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy";

/** The name folded the way normalizeText folds the search: accents off, lower case. */
const foldedName = sql`lower(translate(${models.name}, ${ACCENTED}, ${PLAIN}))`;

/** `%text%` for LIKE, with LIKE's own wildcards in the text matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The free search: the name (accents and case ignored), the e-mail, and, when the text has at least 3 digits,
 * the phone and WhatsApp numbers (stored as digits, so "(11) 98765" finds "11987654321").
 */
function searchCondition(q: string): SQL | undefined {
  const text = normalizeText(q).trim();
  if (!text) return undefined;
  const digits = onlyDigits(q);
  return or(
    like(foldedName, containing(text)),
    like(sql`lower(${models.email})`, containing(text)),
    digits.length >= 3 ? like(models.phone, containing(digits)) : undefined,
    digits.length >= 3 ? like(models.whatsapp, containing(digits)) : undefined,
  );
}

/** Never a deleted model; then the filters given. */
export function adminModelsWhere(filters: AdminModelFilters): SQL | undefined {
  return and(
    isNull(models.deletedAt),
    filters.state ? eq(estados.uf, filters.state) : undefined,
    filters.city_id ? eq(models.municipioId, filters.city_id) : undefined,
    filters.category_id ? eq(models.categoryId, filters.category_id) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
}

/** models ⋈ município ⋈ estado, with the category and plan when there are. */
function selectRecords(db: Db) {
  return db
    .select({
      model: models,
      cityName: municipios.nome,
      uf: estados.uf,
      categoryName: categories.name,
      planName: plans.name,
      planPriceCents: plans.priceCents,
    })
    .from(models)
    .innerJoin(municipios, eq(municipios.id, models.municipioId))
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .leftJoin(categories, eq(categories.id, models.categoryId))
    .leftJoin(plans, eq(plans.id, models.planId))
    .$dynamic();
}

/** One page of the list, newest first, and the number of models matching. */
export async function listAdminModels(input: {
  db: Db;
  filters: AdminModelFilters;
  page: number;
  limit: number;
}): Promise<{ records: AdminModelRecord[]; total: number }> {
  const where = adminModelsWhere(input.filters);
  const [records, [{ total }]] = await Promise.all([
    selectRecords(input.db)
      .where(where)
      .orderBy(desc(models.createdAt), desc(models.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    input.db
      .select({ total: count() })
      .from(models)
      .innerJoin(municipios, eq(municipios.id, models.municipioId))
      .innerJoin(estados, eq(estados.id, municipios.estadoId))
      .where(where),
  ]);
  return { records, total };
}

/** Every model matching the filters, newest first, up to `max` (the CSV export). */
export function listAllAdminModels(input: { db: Db; filters: AdminModelFilters; max: number }) {
  return selectRecords(input.db)
    .where(adminModelsWhere(input.filters))
    .orderBy(desc(models.createdAt), desc(models.id))
    .limit(input.max);
}

/** One (non-deleted) model as the back-office shows it, or undefined. */
export async function findAdminModel({ db, modelId }: { db: Db; modelId: number }) {
  const [record] = await selectRecords(db).where(and(eq(models.id, modelId), isNull(models.deletedAt)));
  return record as AdminModelRecord | undefined;
}
