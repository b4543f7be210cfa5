import { and, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boosts } from "../../db/schema";
import { featuredPlaces, featuredSlot } from "./placement";
import { publicStateOf } from "./rules";
import { recordModelChange } from "../models/publish";

/**
 * Keeps what the public pages saw of each boost in step with the clock (for jobs/boosts.ts). A boost starts, moves
 * up (a bump, every 24 hours) and ends by its times alone — every read compares them with now — but a cached page
 * only drops when a row changes: writing public_state makes migration 0046's trigger touch the city's list and
 * her card, and open pages are told (model_status_updated). Answers how many boosts changed.
 */
export async function syncBoostPublicState(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(boosts)
    .where(
      or(
        ne(boosts.publicState, "off"),
        and(eq(boosts.status, "approved"), lte(boosts.startsAt, now), gt(boosts.endsAt, now)),
      ),
    );
  let changed = 0;
  for (const row of rows) {
    const state = publicStateOf(row, now);
    if (state === row.publicState) continue;
    await db.transaction(async (tx) => {
      await tx.update(boosts).set({ publicState: state }).where(eq(boosts.id, row.id));
      // Open city pages move her card (model_status_updated), last in the transaction.
      await recordModelChange(tx, row.modelId);
    });
    changed += 1;
  }
  return changed;
}

/**
 * When the rotation's slot turned since `lastSlot`: touches the list of every city with more live "Destaque" boosts
 * than places (its featured window moved). Answers the slot now.
 */
export async function touchRotatingCities(db: Db, now: Date, lastSlot: number | null): Promise<number> {
  const slot = featuredSlot(now);
  if (lastSlot === slot) return slot;
  const places = await featuredPlaces(db);
  const cities = await db
    .select({ cityId: boosts.cityId })
    .from(boosts)
    .where(
      and(
        eq(boosts.status, "approved"),
        eq(boosts.kind, "featured"),
        sql`${boosts.pausedAt} is null`,
        lte(boosts.startsAt, now),
        gt(boosts.endsAt, now),
      ),
    )
    .groupBy(boosts.cityId)
    .having(sql`count(distinct ${boosts.modelId}) > ${places}`);
  if (cities.length > 0) {
    const tags = cities.map((c) => sql`${`list:city:${c.cityId}`}`);
    await db.execute(sql`select note_public_change(ARRAY[${sql.join(tags, sql`, `)}]::text[])`);
  }
  return slot;
}
