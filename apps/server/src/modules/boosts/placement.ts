import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BoostRow, boosts, models, settings } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { placedAt } from "./rules";

/**
 * Where paid boosts place cards on a city page (decision 079; the public rules: /como-ordenamos):
 * - featured: at most `boost_featured_places` (setting, default 4) of the city's live "Destaque" boosts. When more
 *   were bought than there are places, the places rotate among all of them: the boosts in the order they were
 *   bought, a window of that many starting at (time slot number mod their count). The slot is FEATURED_SLOT_MS
 *   (10 minutes) of the clock, so the answer is the same for every request in a slot and a cached page stays
 *   right until the slot ends (jobs/boosts.ts touches the city's list when a slot turns and there are more boosts
 *   than places); over a day, every boost bought gets the same share of the places.
 * - bumped: the city's live "Subir anúncio" boosts, the latest move up first (each moves up at its start and
 *   then every 24 hours), without the models already featured.
 * Only boosts that are approved, not paused, started and not ended count ("live", rules.ts), in the city they were
 * bought for, of models the public sees now and that still are in that city. Answers model ids, each once.
 */

export const FEATURED_SLOT_MS = 10 * 60_000;
export const FEATURED_PLACES_SETTING = "boost_featured_places";
export const DEFAULT_FEATURED_PLACES = 4;
const MAX_FEATURED_PLACES = 12;

/** The number of featured places of a city page (the admin's setting, 0–12; default 4). */
export async function featuredPlaces(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingKey, FEATURED_PLACES_SETTING));
  const n = Number.parseInt(row?.value ?? "", 10);
  return Number.isFinite(n) ? Math.min(MAX_FEATURED_PLACES, Math.max(0, n)) : DEFAULT_FEATURED_PLACES;
}

/** The slot an instant falls in (rotation is constant within one). */
export const featuredSlot = (now: Date) => Math.floor(now.getTime() / FEATURED_SLOT_MS);

/** The window of `places` ids shown in slot `slot`, rotating through `ids` (all of them when they fit). */
export function rotate<T>(ids: T[], places: number, slot: number): T[] {
  if (ids.length <= places) return ids;
  const offset = slot % ids.length;
  return Array.from({ length: places }, (_, i) => ids[(offset + i) % ids.length]);
}

/** A live boost as placement reads it. */
export type LiveBoost = Pick<BoostRow, "id" | "modelId" | "cityId" | "kind" | "startsAt">;

const liveColumns = {
  id: boosts.id,
  modelId: boosts.modelId,
  cityId: boosts.cityId,
  kind: boosts.kind,
  startsAt: boosts.startsAt,
};

/** Approved, not paused, started and not ended at `now`. */
const liveAt = (now: Date) =>
  and(eq(boosts.status, "approved"), isNull(boosts.pausedAt), lte(boosts.startsAt, now), gt(boosts.endsAt, now));

/**
 * Every live boost of every city, the earliest bought first, whoever the public sees (the listing keeps those of
 * models it lists in their own city, the city bought for).
 */
export async function liveBoosts(db: Db, now: Date): Promise<LiveBoost[]> {
  return db.select(liveColumns).from(boosts).where(liveAt(now)).orderBy(asc(boosts.id));
}

/** The live boosts of a city (see above), the earliest bought first. */
export async function liveBoostsOfCity(db: Db, cityId: number, now: Date) {
  return db
    .select(liveColumns)
    .from(boosts)
    .innerJoin(models, eq(models.id, boosts.modelId))
    .where(
      and(
        eq(boosts.cityId, cityId),
        liveAt(now),
        eq(models.municipioId, cityId),
        isPubliclyVisible(todayInSaoPaulo(now)),
      ),
    )
    .orderBy(asc(boosts.id));
}

export async function boostedPlaces(
  db: Db,
  cityId: number,
  now: Date = new Date(),
): Promise<{ featured: number[]; bumped: number[] }> {
  return placeBoosts(await liveBoostsOfCity(db, cityId, now), await featuredPlaces(db), now);
}

/** The places of a city's live boosts (of models the public sees in that city), by the rules above. */
export function placeBoosts(
  live: readonly LiveBoost[],
  places: number,
  now: Date,
): { featured: number[]; bumped: number[] } {
  const featuredIds = [...new Set(live.filter((b) => b.kind === "featured").map((b) => b.modelId))];
  const featured = rotate(featuredIds, places, featuredSlot(now));
  const shown = new Set(featured);
  const bumped: number[] = [];
  const bumps = live
    .filter((b) => b.kind === "bump")
    .map((b) => ({ modelId: b.modelId, at: placedAt(b, now).getTime(), id: b.id }))
    .sort((a, b) => b.at - a.at || a.id - b.id);
  for (const b of bumps) {
    if (shown.has(b.modelId)) continue;
    shown.add(b.modelId);
    bumped.push(b.modelId);
  }
  return { featured, bumped };
}
