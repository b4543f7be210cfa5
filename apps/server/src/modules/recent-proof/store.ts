import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { admins, models, sessions } from "../../db/schema";
import type { RecentProofStore } from "../../plugins/recent-proof";

/** Whose account: an admin or a model. */
export type ProofAccount = { kind: "admin" | "model"; id: number };

/**
 * A session may make sensitive changes this long after its last proof (its sign-in, her password, a code of the
 * app, a recovery code or a passkey); later, it proves it again first.
 */
export const RECENT_PROOF_WINDOW_MS = 10 * 60_000;

const accountTable = (kind: ProofAccount["kind"]) => (kind === "admin" ? admins : models);

/** Whether the session gave its last proof within RECENT_PROOF_WINDOW_MS (by the database's clock). */
export async function provedRecently(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.provedAt, sql`now() - make_interval(secs => ${RECENT_PROOF_WINDOW_MS / 1000})`),
      ),
    );
  return Boolean(row);
}

/** Records a proof given now in the session `sessionId` of `account`; answers until when it counts. */
export async function markProved(db: Db, account: ProofAccount, sessionId: string): Promise<Date> {
  const [row] = await db
    .update(sessions)
    .set({ provedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountKind, account.kind), eq(sessions.accountId, account.id)))
    .returning({ provedAt: sessions.provedAt });
  return new Date((row?.provedAt ?? new Date()).getTime() + RECENT_PROOF_WINDOW_MS);
}

/**
 * Moves the session's last proof `ms` into the past, as if it had been given then. Only for tests (fixtures in
 * src/test), which make a proof stale through the store rather than by writing the column themselves.
 */
export async function backdateProof(db: Db, sessionId: string, ms: number): Promise<void> {
  await db
    .update(sessions)
    .set({ provedAt: sql`${sessions.provedAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(sessions.id, sessionId));
}

/**
 * After a password reset her first screen lists her passkeys and sessions, to remove what she does not recognise
 * (a passkey added by whoever had her account survives the reset). Called in the reset's transaction.
 */
export async function markAccessReviewDue(db: Db, account: ProofAccount): Promise<void> {
  const table = accountTable(account.kind);
  await db.update(table).set({ accessReviewDue: true }).where(eq(table.id, account.id));
}

/** Whether her access review is due (a password reset since she last said she recognised everything). */
export async function accessReviewDue(db: Db, account: ProofAccount): Promise<boolean> {
  const table = accountTable(account.kind);
  const [row] = await db.select({ due: table.accessReviewDue }).from(table).where(eq(table.id, account.id));
  return row?.due ?? false;
}

/** She has looked at her passkeys and sessions and recognises them all. */
export async function clearAccessReview(db: Db, account: ProofAccount): Promise<void> {
  const table = accountTable(account.kind);
  await db.update(table).set({ accessReviewDue: false }).where(eq(table.id, account.id));
}

/** What the recentProof plugin reads (handed in by app.ts). */
export const recentProofStore: RecentProofStore = { provedRecently };
