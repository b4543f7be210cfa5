import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { rateCounters } from "../../db/schema";
import { rateLimited } from "../../lib/app-error";
import { countHit } from "../../lib/shared-counters";
import { kickMail, notifySecondStepCap } from "../mail/service";
import type { FactorAccount } from "../factors/service";

/**
 * Wrong second steps an account may take in a window, whatever the networks they come from: past them every code
 * is refused (429) until the window ends, even a right one. The per-account-and-network backoff
 * (auth/throttle.ts) keeps slowing each network; this cap bounds the sum, so whoever has her password and many
 * networks still gets SECOND_STEP_CAP guesses at six digits per window. Counted in the shared table rate_counters,
 * so every server instance spends from the same window.
 */
export const SECOND_STEP_CAP = 10;
export const SECOND_STEP_WINDOW_MS = 15 * 60_000;

const capKey = (account: FactorAccount) => `second-step|${account.kind}:${account.id}`;
const minutesUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 60_000));

/** Refuses (429) any second step of the account while its window holds SECOND_STEP_CAP wrong ones. */
export async function assertUnderSecondStepCap(app: FastifyInstance, account: FactorAccount): Promise<void> {
  const [row] = await app.db
    .select()
    .from(rateCounters)
    .where(eq(rateCounters.key, capKey(account)));
  const until = row?.resetAt.getTime() ?? 0;
  if (row && row.count >= SECOND_STEP_CAP && until > Date.now()) {
    const minutes = minutesUntil(until);
    throw rateLimited(
      `Muitos códigos errados nesta conta. Por segurança, a segunda etapa está bloqueada: tente novamente em ${minutes} minuto${minutes > 1 ? "s" : ""}.`,
    );
  }
}

/**
 * Counts a wrong second step of the account. The one that reaches the cap (exactly one per window: the count is one
 * atomic UPSERT) e-mails her, in the same transaction: someone who has her password is guessing her codes.
 */
export async function countWrongSecondStep(app: FastifyInstance, account: FactorAccount): Promise<void> {
  const tripped = await app.db.transaction(async (tx) => {
    const { count, resetAt } = await countHit(tx, capKey(account), SECOND_STEP_WINDOW_MS);
    if (count !== SECOND_STEP_CAP) return false;
    await notifySecondStepCap(tx, account, minutesUntil(resetAt));
    return true;
  });
  if (tripped) kickMail(app);
}
