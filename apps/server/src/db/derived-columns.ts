import { hourlyPriceFrom, normalizeText, parseRates, splitServices } from "@vitrine/contracts";
import { and, asc, gt, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { models } from "./schema";
import { toCents } from "../lib/money";

/** Raised whenever the rule below changes: rows derived by an older rule are derived again at start. */
export const DERIVED_VERSION = 1;

/**
 * The columns the listing filters read, derived from what she typed, in the one place they are derived: her
 * lowest price per hour in cents (hourlyPriceFrom of her rate tags; null when no tag gives one), each service
 * normalised (the `servico` filter) and her neighbourhood normalised (the `bairro` filter).
 */
export function derivedListingColumns(fields: { rates: string; services: string; neighborhood: string | null }) {
  const price = hourlyPriceFrom(parseRates(fields.rates).tags);
  return {
    priceFrom: price === null ? null : toCents(price),
    servicesSearch: [...new Set(splitServices(fields.services).map((s) => normalizeText(s).replace(/\s+/g, " ")))],
    neighborhoodSearch: normalizeText(fields.neighborhood ?? "")
      .replace(/\s+/g, " ")
      .trim(),
    derivedVersion: DERIVED_VERSION,
  };
}

const BATCH = 500;

/**
 * Derives the columns again for every row derived by an older rule (migration 0042 added them at version 0), in
 * batches by id; a server start runs it after the migrations. Returns how many rows it updated.
 */
export async function deriveStaleListingColumns(db: Db): Promise<number> {
  let updated = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: models.id, rates: models.rates, services: models.services, neighborhood: models.neighborhood })
      .from(models)
      .where(and(lt(models.derivedVersion, DERIVED_VERSION), gt(models.id, after)))
      .orderBy(asc(models.id))
      .limit(BATCH);
    if (rows.length === 0) return updated;
    const values = rows.map((row) => {
      const d = derivedListingColumns(row);
      return { id: row.id, p: d.priceFrom, s: d.servicesSearch, n: d.neighborhoodSearch };
    });
    // One statement per batch: the values as JSON rows joined to the models they belong to.
    await db.execute(sql`
      update ${models} set
        price_from = v.p, services_search = v.s, neighborhood_search = v.n, derived_version = ${DERIVED_VERSION}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, p int, s text[], n text)
      where ${models.id} = v.id`);
    updated += rows.length;
    after = rows[rows.length - 1].id;
  }
}
