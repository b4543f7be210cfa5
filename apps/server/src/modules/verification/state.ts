import { randomInt } from "node:crypto";
import type { OwnVerification, OwnVerificationState } from "@vitrine/contracts";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type IdentityVerificationRow, identityVerifications, models } from "../../db/schema";
import type { Tx } from "../models/lock-model";

/** Letters and digits that cannot be mistaken for one another on a photo (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;

export function drawVerificationCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A verification at the identity verifier, from her start until its callback; it then ends approved, underage,
 * rejected (a banned identity), `cancelled` (she gave up there) or `failed` (the verifier failed, or her standing
 * changed meanwhile). Cancelled and failed ones decide nothing and are not part of her standing.
 */
export const VERIFIER_STARTED = "started";

/** A verification left `started` this long was abandoned at the verifier (its flow cookie is long expired). */
export const VERIFIER_ABANDONED_AFTER_MS = 24 * 60 * 60_000;

/**
 * Deletes verifications `started` at the verifier more than a day before `now` and never finished (she closed the
 * verifier's page): they decide nothing and are not part of her standing. Answers how many went.
 */
export async function forgetAbandonedVerifierFlows(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(identityVerifications)
    .where(
      and(
        eq(identityVerifications.status, VERIFIER_STARTED),
        lt(identityVerifications.createdAt, new Date(now.getTime() - VERIFIER_ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ id: identityVerifications.id });
  return gone.length;
}

/** Statuses of a verification that an admin or a verifier decided. */
const DECIDED = ["approved", "rejected", "resubmit", "underage"];

export type Standing = {
  state: OwnVerificationState;
  isVerified: boolean;
  birthDate: string | null;
  draft: IdentityVerificationRow | null;
  pending: IdentityVerificationRow | null;
  /** The last decided verification. */
  last: IdentityVerificationRow | null;
};

/**
 * Where a model stands: frozen (under 18) above all; verified (is_verified, by an approval or the admin's
 * switch); awaiting review; or after her last decision — rejected (she may appeal once), rejected again on appeal
 * (closed), new photos asked for — and otherwise nothing yet.
 */
export async function readStanding(db: Db | Tx, modelId: number): Promise<Standing> {
  const [model] = await db
    .select({
      isVerified: models.isVerified,
      birthDate: models.verifiedBirthDate,
      frozenAt: models.verificationFrozenAt,
    })
    .from(models)
    .where(eq(models.id, modelId));
  const rows = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.modelId, modelId),
        inArray(identityVerifications.status, ["draft", "pending", ...DECIDED]),
      ),
    )
    .orderBy(desc(identityVerifications.id))
    .limit(20);
  const draft = rows.find((r) => r.status === "draft") ?? null;
  const pending = rows.find((r) => r.status === "pending") ?? null;
  const last = rows.find((r) => DECIDED.includes(r.status)) ?? null;
  let state: OwnVerificationState = "none";
  if (model?.frozenAt) state = "frozen";
  else if (model?.isVerified) state = "approved";
  else if (pending) state = "pending";
  else if (last?.status === "rejected") state = last.isAppeal ? "closed" : "rejected";
  else if (last?.status === "resubmit") state = "resubmit";
  return { state, isVerified: !!model?.isVerified, birthDate: model?.birthDate ?? null, draft, pending, last };
}

/** Whether she may send photos now: nothing sent or pending, and no final refusal or freeze. */
export const canSubmit = (state: OwnVerificationState) =>
  state === "none" || state === "rejected" || state === "resubmit";

/** Her draft's code, drawing one (a new draft) when she has none; concurrent calls end with the same draft. */
export async function ensureDraftCode(db: Db, modelId: number): Promise<string> {
  await db
    .insert(identityVerifications)
    .values({ modelId, method: "review", status: "draft", code: drawVerificationCode() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ code: identityVerifications.code, status: identityVerifications.status })
    .from(identityVerifications)
    .where(
      and(eq(identityVerifications.modelId, modelId), inArray(identityVerifications.status, ["draft", "pending"])),
    );
  return row?.status === "draft" ? (row.code ?? "") : "";
}

/** GET /api/models/verification: her standing, with the code to hold in the selfie while she may send photos. */
export async function getOwnVerification(input: {
  db: Db;
  modelId: number;
  /** The identity verifier's name, when one is configured. */
  verifierName: string | null;
}): Promise<OwnVerification> {
  const standing = await readStanding(input.db, input.modelId);
  const { state, last, pending } = standing;
  const mayReview = canSubmit(state);
  const shownDecision = state === "rejected" || state === "resubmit" || state === "closed" ? last : null;
  return {
    state,
    is_verified: standing.isVerified,
    birth_date: standing.birthDate,
    code: mayReview ? standing.draft?.code || (await ensureDraftCode(input.db, input.modelId)) || null : null,
    can_submit: mayReview,
    is_appeal: state === "rejected",
    reason: shownDecision?.reason ?? null,
    submitted_at: (pending ?? shownDecision)?.submittedAt?.toISOString() ?? null,
    decided_at: shownDecision?.decidedAt?.toISOString() ?? null,
    verifier_name: input.verifierName,
  };
}
