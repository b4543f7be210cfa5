import { AVAILABILITY_LIMIT_MESSAGE, AVAILABILITY_STARTS_PER_DAY } from "@vitrine/contracts";
import { and, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";

/**
 * "Disponível agora" as answered to anyone: her end instant (ISO) while it is after now, else null. Nothing has to
 * run for it to end: every answer compares the stored end with now (the end job only refreshes caches and tells
 * open pages).
 */
export function availableUntil(stored: Date | string | null, now: Date = new Date()): string | null {
  if (stored === null) return null;
  const end = new Date(stored);
  return end.getTime() > now.getTime() ? end.toISOString() : null;
}
const HOUR = 3_600_000;

/**
 * Turns "Disponível agora" on for `hours` from `now` (on again: the new end replaces the old). At most
 * AVAILABILITY_STARTS_PER_DAY starts per São Paulo day, counted in the same statement that starts it (two starts at
 * once cannot both pass the limit): beyond it, 429 AVAILABILITY_LIMIT.
 */
export async function startAvailability({
  db,
  modelId,
  hours,
  now = new Date(),
}: {
  db: Db;
  modelId: number;
  hours: number;
  now?: Date;
}): Promise<Date> {
  const today = todayInSaoPaulo(now);
  const until = new Date(now.getTime() + hours * HOUR);
  const [row] = await db
    .update(models)
    .set({
      availableUntil: until,
      availabilityDay: today,
      availabilityStarts: sql`case when ${models.availabilityDay} = ${today}::date then ${models.availabilityStarts} + 1 else 1 end`,
    })
    .where(
      and(
        eq(models.id, modelId),
        or(
          sql`${models.availabilityDay} is distinct from ${today}::date`,
          sql`${models.availabilityStarts} < ${AVAILABILITY_STARTS_PER_DAY}`,
        ),
      ),
    )
    .returning({ until: models.availableUntil });
  if (!row) throw new AppError(429, "AVAILABILITY_LIMIT", AVAILABILITY_LIMIT_MESSAGE);
  return until;
}

/** Turns "Disponível agora" off (her starts of the day still count). */
export async function stopAvailability({ db, modelId }: { db: Db; modelId: number }): Promise<void> {
  await db.update(models).set({ availableUntil: null }).where(eq(models.id, modelId));
}

/**
 * Clears the ends that passed by `now` and returns whose: nothing public depends on it (every answer compares the
 * end with now), but the change moves the public caches (migration 0042's trigger) and the caller tells open pages.
 */
export async function clearEndedAvailability({ db, now }: { db: Db; now: Date }): Promise<number[]> {
  const rows = await db
    .update(models)
    .set({ availableUntil: null })
    .where(and(isNotNull(models.availableUntil), lte(models.availableUntil, now)))
    .returning({ id: models.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
