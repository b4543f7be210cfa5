import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, visitorMarks } from "../../db/schema";
import { clientAddressKey } from "../../lib/client-address";
import { todayInSaoPaulo } from "../../lib/dates";

export type MarkKind = "view" | "contact";

/** Visitor hashes remembered in memory per process (about 150 bytes each). */
const MAX_KNOWN_HASHES = 100_000;

/**
 * Who a visitor is, for one period: an HMAC of the period and the client's address key (an IPv4 address, or an
 * IPv6 /64) under a key derived from the server secret. The user agent plays no part: anyone can change it at
 * will. The address is not stored. The period is the day for view and contact counts, so the hash of another day
 * cannot be linked to it; moderation uses a fixed label ("reporter") to know a reporter across days, for the abuse
 * of reporting, without keeping the address either.
 */
export function createVisitorHasher(serverSecret: string) {
  const key = createHmac("sha256", serverSecret).update("vitrine:visitor-marks:v2").digest();
  // Hashes already computed (a visitor's every page asks again): only a shortcut, emptied when it grows large.
  const known = new Map<string, string>();
  return (addressKey: string, period: string): string => {
    const input = `${period}\n${addressKey}`;
    let hash = known.get(input);
    if (hash === undefined) {
      hash = createHmac("sha256", key).update(input).digest("base64url").slice(0, 32);
      if (known.size >= MAX_KNOWN_HASHES) known.clear();
      known.set(input, hash);
    }
    return hash;
  };
}

const HOUR_MS = 3_600_000;
/** Marks remembered in memory per process (about 100 bytes each). */
const MAX_KNOWN_MARKS = 200_000;

/**
 * How many views and contacts each address may still add this hour: a fixed one-hour window per address, kept
 * in memory (it restarts with the process and is not shared between instances, which is fine for a budget
 * whose only job is to keep one address from inflating the counters).
 */
export function createCountBudget(countsPerHour: number) {
  const windows = new Map<string, { startedAt: number; used: number }>();
  let lastPrune = 0;
  const current = (addressKey: string, now: number) => {
    if (now - lastPrune > HOUR_MS) {
      lastPrune = now;
      for (const [key, w] of windows) if (now - w.startedAt >= HOUR_MS) windows.delete(key);
    }
    let window = windows.get(addressKey);
    if (!window || now - window.startedAt >= HOUR_MS) {
      window = { startedAt: now, used: 0 };
      windows.set(addressKey, window);
    }
    return window;
  };
  return {
    hasRoom: (addressKey: string, now = Date.now()) => current(addressKey, now).used < countsPerHour,
    spend: (addressKey: string, now = Date.now()) => void (current(addressKey, now).used += 1),
  };
}

/**
 * Counts a view or a contact for the client at `ip`: once per address per model per day, and only while the
 * address has room in its hourly budget. True when it was counted.
 */
export type VisitCounter = (input: { db: Db; kind: MarkKind; modelId: number; ip: string }) => Promise<boolean>;

export function createVisitCounter({ secret, countsPerHour }: { secret: string; countsPerHour: number }): VisitCounter {
  const hashVisitor = createVisitorHasher(secret);
  const budget = createCountBudget(countsPerHour);
  // Marks this process has written or met today: a visitor's repeated views of a profile then cost no query.
  // Only a shortcut (the mark's primary key decides), so it is simply emptied when it grows too large.
  const known = new Set<string>();
  return async function countVisit(input: { db: Db; kind: MarkKind; modelId: number; ip: string }): Promise<boolean> {
    const addressKey = clientAddressKey(input.ip);
    const today = todayInSaoPaulo();
    const visitorHash = hashVisitor(addressKey, today);
    const mark = `${today}|${input.kind}|${input.modelId}|${visitorHash}`;
    if (known.has(mark)) return false;
    if (!budget.hasRoom(addressKey)) return false;
    const counted = await countOncePerDay({ ...input, visitorHash, today });
    if (counted) budget.spend(addressKey);
    if (known.size >= MAX_KNOWN_MARKS) known.clear();
    known.add(mark);
    return counted;
  };
}

const counterColumn = { view: models.viewsCount, contact: models.contactCount } as const;

/**
 * Counts a view or a contact of a model at most once per visitor per day; true when it was counted.
 * The mark's primary key (day, kind, model, visitor) makes the second attempt a no-op; a mark of an earlier day
 * has another key, so it never stops today's count. Marks of earlier days are deleted by the scheduled clean-up
 * (src/jobs/cleanup.ts), not here.
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
