import { randomUUID } from "node:crypto";
import type { AgeCheckOutcome } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ageChecks } from "../../db/schema";

/**
 * The rows of age_checks, one per check: pending (outcome null) while the visitor is at the verifier, completed
 * once from the callback. Only the outcome is written, with the verifier, method, assurance level, times and the
 * hash of the browser's age session id — nothing the verifier said about the visitor.
 */
export type CheckIdentity = { verifier: string; method: string; sessionHash: string };

/** A check begun: the pending row, whose id the browser's flow cookie names. */
export async function startCheck(db: Db, check: CheckIdentity): Promise<string> {
  const id = randomUUID();
  await db.insert(ageChecks).values({ id, ...check, outcome: null });
  return id;
}

/** A check that ended without a pending row of its own (no or another browser's flow, a verifier down at start). */
export async function recordCheck(
  db: Db,
  check: CheckIdentity & { outcome: AgeCheckOutcome; assurance?: string | null },
): Promise<void> {
  await db.insert(ageChecks).values({ id: randomUUID(), ...check, completedAt: new Date() });
}

/** Whether the check is still waiting for its callback (a second callback finds it completed). */
export async function isCheckPending(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ageChecks.id })
    .from(ageChecks)
    .where(and(eq(ageChecks.id, id), isNull(ageChecks.outcome)));
  return row !== undefined;
}

/**
 * Completes the pending check once. When it is no longer pending (a replayed callback, or two racing) nothing
 * changes but a new row with outcome `replayed`, and the caller must give nothing.
 */
export async function completeCheck(
  db: Db,
  id: string,
  check: CheckIdentity & { outcome: AgeCheckOutcome; assurance?: string | null },
): Promise<"completed" | "replayed"> {
  const updated = await db
    .update(ageChecks)
    .set({ outcome: check.outcome, assurance: check.assurance ?? null, completedAt: new Date() })
    .where(and(eq(ageChecks.id, id), isNull(ageChecks.outcome)))
    .returning({ id: ageChecks.id });
  if (updated.length > 0) return "completed";
  await recordReplay(db, check);
  return "replayed";
}

/** A callback for a check already completed. */
export function recordReplay(db: Db, check: CheckIdentity): Promise<void> {
  return recordCheck(db, {
    verifier: check.verifier,
    method: check.method,
    sessionHash: check.sessionHash,
    outcome: "replayed",
  });
}
