import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { admins, models, type SessionRow, sessions } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import type { SessionStore } from "../../plugins/auth";
import { describeDevice } from "./device";
import { networkOf } from "./network";

/** Whose session: an admin or a model account. */
export type SessionAccount = { kind: "admin" | "model"; id: number };

/** A session lives this long from its sign-in; its tokens expire with it (never later, even when re-signed). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: a session's every request must not be a write. */
export const LAST_SEEN_PRECISION_MS = 60_000;
/** Ended or expired sessions are kept this long (she can see a session she ended), then cleared at sign-in. */
const KEEP_PAST_SESSIONS = "30 days";

const ofAccount = (account: SessionAccount) =>
  and(eq(sessions.accountKind, account.kind), eq(sessions.accountId, account.id));

/** A session neither ended nor expired. */
const live = () => and(isNull(sessions.endedAt), gt(sessions.firstSeenAt, new Date(Date.now() - SESSION_TTL_MS)));

/**
 * Starts a session at sign-in: a random id (128 bits, base64url) carried in the token, the device from the
 * User-Agent and the network prefix of the address. The account's long-past sessions are cleared on the way.
 */
export async function startSession(
  db: Db,
  input: { account: SessionAccount; sessionVersion: number; userAgent: string | undefined; ip: string },
): Promise<SessionRow> {
  await db
    .delete(sessions)
    .where(and(ofAccount(input.account), lt(sessions.firstSeenAt, sql`now() - ${KEEP_PAST_SESSIONS}::interval`)));
  const [row] = await db
    .insert(sessions)
    .values({
      id: randomBytes(16).toString("base64url"),
      accountKind: input.account.kind,
      accountId: input.account.id,
      sessionVersion: input.sessionVersion,
      device: describeDevice(input.userAgent),
      network: networkOf(input.ip),
    })
    .returning();
  return row;
}

/**
 * Where a sign-in comes from (device and network) and whether it is new for the account: `isNew` when she has kept
 * sessions (of the last 30 days) and none had this device and network (her very first sign-in is not new).
 */
export async function signInPlace(
  db: Db,
  account: SessionAccount,
  from: { userAgent: string | undefined; ip: string },
): Promise<{ device: string; network: string; isNew: boolean }> {
  const device = describeDevice(from.userAgent);
  const network = networkOf(from.ip);
  const seen = await db
    .select({ device: sessions.device, network: sessions.network })
    .from(sessions)
    .where(ofAccount(account));
  const known = seen.some((s) => s.device === device && s.network === network);
  return { device, network, isNew: seen.length > 0 && !known };
}

/** The live session `id` of `account`, or undefined. */
export async function findLiveSession(db: Db, account: SessionAccount, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), ofAccount(account), live()));
  return row;
}

/** Records that the session was used now, at most once per LAST_SEEN_PRECISION_MS. */
export async function touchSession(db: Db, row: SessionRow): Promise<void> {
  if (Date.now() - row.lastSeenAt.getTime() < LAST_SEEN_PRECISION_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, row.id),
        lt(sessions.lastSeenAt, sql`now() - ${`${LAST_SEEN_PRECISION_MS} milliseconds`}::interval`),
      ),
    );
}

/** The session continues under the account's new session version (this device after a password change). */
export async function renewSession(db: Db, id: string, sessionVersion: number): Promise<SessionRow> {
  const [row] = await db.update(sessions).set({ sessionVersion }).where(eq(sessions.id, id)).returning();
  return row;
}

/**
 * Ends every live session of `account` but `except` (the caller's own, when she stays signed in): their tokens
 * are refused from the next request on. Answers how many ended. Used by "Encerrar todas as outras" and by the
 * flows that must sign everyone else out (password reset, password change).
 */
export async function endSessions(db: Db, account: SessionAccount, opts: { except?: string } = {}): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(ofAccount(account), isNull(sessions.endedAt), opts.except ? ne(sessions.id, opts.except) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one live session of `account`; another account's session, or one already ended, is 404. */
export async function endSession(db: Db, account: SessionAccount, id: string): Promise<SessionRow> {
  const [ended] = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, id), ofAccount(account), live()))
    .returning();
  if (!ended) throw notFound("Sessão não encontrada");
  return ended;
}

/**
 * The account's live sessions whose tokens still work (their session version is the account's current one),
 * most recently seen first.
 */
export async function listSessions(db: Db, account: SessionAccount): Promise<SessionRow[]> {
  const table = account.kind === "admin" ? admins : models;
  const current = db.select({ v: table.sessionVersion }).from(table).where(eq(table.id, account.id));
  return db
    .select()
    .from(sessions)
    .where(and(ofAccount(account), live(), eq(sessions.sessionVersion, sql`(${current})`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.firstSeenAt));
}

/** What the auth plugin needs of sessions (plugins/auth.ts). */
export const sessionStore: SessionStore = {
  ttlMs: SESSION_TTL_MS,
  start: startSession,
  findLive: findLiveSession,
  touch: touchSession,
  renew: renewSession,
};
