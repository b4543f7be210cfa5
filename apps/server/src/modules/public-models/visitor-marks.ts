import { createHmac } from "node:crypto";
import type { ContactChannel } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, visitorMarks } from "../../db/schema";
import { clientAddressKey } from "../../lib/client-address";
import { hmacKey } from "../../lib/keys";
import { countHit } from "../../lib/shared-counters";
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
  const key = hmacKey(serverSecret, "vitrine:visitor-marks:v2");
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
/** Addresses whose hourly budget is known to be spent, remembered per process. */
const MAX_KNOWN_EXHAUSTED = 100_000;

/**
 * Counts a view or a contact for the client at `ip`: once per address per model per day, and only while the
 * address has room in its hourly budget (`countsPerHour` counted views and contacts per address, an IPv6 /64, in a
 * fixed one-hour window shared by every instance: lib/shared-counters.ts). True when it was counted.
 */
export type VisitCounter = (input: VisitInput) => Promise<boolean>;
/** A visit to count; a contact names its channel (for her daily analytics, modules/analytics). */
export type VisitInput = { db: Db; kind: MarkKind; modelId: number; ip: string; channel?: ContactChannel };

export function createVisitCounter({ secret, countsPerHour }: { secret: string; countsPerHour: number }): VisitCounter {
  const hashVisitor = createVisitorHasher(secret);
  // Two memories of facts the database decides, each only skipping work the database would refuse anyway, so
  // several instances (each with its own) count exactly as one would:
  // - marks this process has written or met today: the mark's primary key refuses a second count of them;
  // - addresses whose budget window was full when last tried, until the window ends: within a window the shared
  //   count only grows, so every attempt before then would be taken back.
  // Both are only shortcuts, emptied when they grow too large.
  const known = new Set<string>();
  const exhaustedUntil = new Map<string, number>();
  return async function countVisit(input: VisitInput): Promise<boolean> {
    // A client that closed its connection before the count has no address any more (Fastify's request.ip is then
    // undefined): nobody is left to count.
    if (!input.ip) return false;
    const addressKey = clientAddressKey(input.ip);
    const today = todayInSaoPaulo();
    const visitorHash = hashVisitor(addressKey, today);
    const mark = `${today}|${input.kind}|${input.modelId}|${visitorHash}`;
    if (known.has(mark)) return false;
    const until = exhaustedUntil.get(addressKey);
    if (until !== undefined && Date.now() < until) return false;
    let overBudget = false;
    const counted = await countOncePerDay({
      ...input,
      visitorHash,
      today,
      spend: async (tx) => {
        const { count, resetAt } = await countHit(tx, `visits|${addressKey}`, HOUR_MS);
        if (count <= countsPerHour) return true;
        overBudget = true;
        if (exhaustedUntil.size >= MAX_KNOWN_EXHAUSTED) exhaustedUntil.clear();
        exhaustedUntil.set(addressKey, resetAt);
        return false;
      },
    });
    // A mark refused for the budget was taken back: it is not known, and may count once the window ends.
    if (overBudget) return false;
    if (known.size >= MAX_KNOWN_MARKS) known.clear();
    known.add(mark);
    return counted;
  };
}

const counterColumn = { view: models.viewsCount, contact: models.contactCount } as const;

/** Thrown inside the counting transaction to take back a mark whose hit the budget refused. */
class OverBudget extends Error {}

/**
 * Counts a view or a contact of a model at most once per visitor per day; true when it was counted.
 * The mark's primary key (day, kind, model, visitor) makes the second attempt a no-op; a mark of an earlier day
 * has another key, so it never stops today's count. Marks of earlier days are deleted by the scheduled clean-up
 * (src/jobs/cleanup.ts), not here. `spend`, when given, is asked (inside the same transaction) once the mark is
 * new; when it answers false the mark and whatever `spend` wrote are rolled back and nothing is counted.
 */
export async function countOncePerDay({
  db,
  kind,
  modelId,
  visitorHash,
  today = todayInSaoPaulo(),
  spend,
}: {
  db: Db;
  kind: MarkKind;
  modelId: number;
  visitorHash: string;
  today?: string;
  spend?: (tx: Db) => Promise<boolean>;
}): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(visitorMarks)
        .values({ day: today, kind, modelId, visitorHash })
        .onConflictDoNothing()
        .returning({ modelId: visitorMarks.modelId });
      if (inserted.length === 0) return false;
      if (spend && !(await spend(tx as unknown as Db))) throw new OverBudget();
      const column = counterColumn[kind];
      const set = kind === "view" ? { viewsCount: sql`${column} + 1` } : { contactCount: sql`${column} + 1` };
      await tx.update(models).set(set).where(eq(models.id, modelId));
      return true;
    });
  } catch (err) {
    if (err instanceof OverBudget) return false;
    throw err;
  }
}
