import { createHmac } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, visitorMarks } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";

export type MarkKind = "view" | "contact";

/**
 * Who a visitor is, for one day only: an HMAC of the day, IP and user agent under a key derived from the
 * server secret. Neither IP nor user agent is stored, and the hash of another day cannot be linked to it.
 */
export function createVisitorHasher(serverSecret: string) {
  const key = createHmac("sha256", serverSecret).update("vitrine:visitor-marks:v1").digest();
  return (visitor: { ip: string; userAgent: string }, day: string): string =>
    createHmac("sha256", key).update(`${day}\n${visitor.ip}\n${visitor.userAgent}`).digest("base64url").slice(0, 32);
}

const lastPurgedDay = new WeakMap<Db, string>();

/** Marks of earlier days are useless and must not linger (DOMAIN.md: never stored long-term). */
async function purgeOldMarks(db: Db, today: string): Promise<void> {
  if (lastPurgedDay.get(db) === today) return;
  lastPurgedDay.set(db, today);
  await db.delete(visitorMarks).where(lt(visitorMarks.day, today));
}

const counterColumn = { view: models.viewsCount, contact: models.contactCount } as const;

/**
 * Counts a view or a contact of a model at most once per visitor per day; true when it was counted.
 * The mark's primary key (day, kind, model, visitor) makes the second attempt a no-op.
 */
export async function countOncePerDay({
  db,
  kind,
  modelId,
  visitorHash,
  today = todayInSaoPaulo(),
}: {
  db: Db;
  kind: MarkKind;
  modelId: number;
  visitorHash: string;
  today?: string;
}): Promise<boolean> {
  await purgeOldMarks(db, today);
  const inserted = await db
    .insert(visitorMarks)
    .values({ day: today, kind, modelId, visitorHash })
    .onConflictDoNothing()
    .returning({ modelId: visitorMarks.modelId });
  if (inserted.length === 0) return false;
  const column = counterColumn[kind];
  const set = kind === "view" ? { viewsCount: sql`${column} + 1` } : { contactCount: sql`${column} + 1` };
  await db.update(models).set(set).where(eq(models.id, modelId));
  return true;
}
