import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginThrottle } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";

/** Failures allowed before the backoff starts. */
const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;
/** Rows untouched this long are forgotten (by the scheduled clean-up, src/jobs/cleanup.ts). */
export const LOGIN_THROTTLE_FORGET_AFTER_MS = 24 * 60 * 60_000;

/**
 * The per-account backoff key: the account (by the identifier typed, whether or not such an account exists, so
 * the answer never tells) together with the client's network. Keying on the network too is what keeps an
 * attacker from locking a real user out: failures from the attacker's network slow down only that network's
 * attempts on the account, while the owner, elsewhere, signs in as usual. Guessing from many networks is
 * bounded by the per-network password budget and by this backoff on each of them. The network is kept only as
 * an HMAC, forgotten after a day.
 */
export function throttleKey(input: { account: string; ip: string; secret: string }): string {
  const network = createHmac("sha256", input.secret)
    .update(clientAddressKey(input.ip))
    .digest("base64url")
    .slice(0, 22);
  return `${input.account.toLowerCase()}|${network}`;
}

function waitFor(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** Refuses the attempt (429, before any password check) while the key is backing off. */
export async function assertNotThrottled({ db, key }: { db: Db; key: string }): Promise<void> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.accountKey, key));
  const until = row?.blockedUntil?.getTime() ?? 0;
  if (until > Date.now()) {
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new AppError(
      429,
      "RATE_LIMITED",
      `Muitas tentativas com senha errada. Tente novamente em ${minutes} minuto${minutes > 1 ? "s" : ""}.`,
    );
  }
}

/** Counts a failure and, past the free ones, makes the key wait (30 s, doubling, at most 15 minutes). */
export async function recordFailure({ db, key }: { db: Db; key: string }): Promise<void> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ accountKey: key, failures: 1, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: loginThrottle.accountKey,
      set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: new Date() },
    })
    .returning({ failures: loginThrottle.failures });
  const wait = waitFor(row.failures);
  if (wait > 0) {
    await db
      .update(loginThrottle)
      .set({ blockedUntil: new Date(Date.now() + wait) })
      .where(eq(loginThrottle.accountKey, key));
  }
}

/** A correct password clears the key's failures. */
export async function clearFailures({ db, key }: { db: Db; key: string }): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.accountKey, key));
}
