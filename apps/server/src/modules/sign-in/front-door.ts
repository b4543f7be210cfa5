import type { SecondStepMethod } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { type AdminRow, admins, type ModelRow, models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";
import { presentAdmin } from "../auth/service";
import { secondStepOf } from "../factors/service";
import { kickMail, notifyNewSignIn } from "../mail/service";
import { presentSessionModel } from "../models/present-session";
import { signInPlace } from "../sessions/service";
import { CHALLENGE_INVALID, type Challenge, signChallenge } from "./pending";

export type Role = "admin" | "model";
/** The account a way in found. */
export type SignedIn = { role: "admin"; account: AdminRow } | { role: "model"; account: ModelRow };

/**
 * The account `role` `id` as every way in finds it: an admin; a model not deleted (a banned one signs in, to read
 * the decision and appeal: the model scope lets her reach nothing else). With `sessionVersion` (a pending sign-in's),
 * only while the account's is unchanged (a password change meanwhile voids it); `lock` holds its row until the
 * transaction `db` ends (one first set-up at a time). Null otherwise.
 */
export async function findSignInAccount(
  db: Db,
  role: Role,
  id: number,
  opts: { sessionVersion?: number; lock?: boolean } = {},
): Promise<SignedIn | null> {
  const found: SignedIn | undefined =
    role === "admin"
      ? await (async () => {
          const query = db.select().from(admins).where(eq(admins.id, id));
          const [row] = await (opts.lock ? query.for("update") : query);
          return row && { role: "admin" as const, account: row };
        })()
      : await (async () => {
          const query = db
            .select()
            .from(models)
            .where(and(eq(models.id, id), isNull(models.deletedAt)));
          const [row] = await (opts.lock ? query.for("update") : query);
          return row && { role: "model" as const, account: row };
        })();
  if (!found) return null;
  if (opts.sessionVersion !== undefined && found.account.sessionVersion !== opts.sessionVersion) return null;
  return found;
}

/** The account a pending sign-in names, while its session version is unchanged; 401 CHALLENGE_INVALID otherwise. */
export async function accountOfChallenge(db: Db, challenge: Challenge, opts: { lock?: boolean } = {}) {
  const found = await findSignInAccount(db, challenge.role, challenge.id, {
    sessionVersion: challenge.sessionVersion,
    lock: opts.lock,
  });
  if (!found) throw unauthorized(CHALLENGE_INVALID);
  return found;
}

/** A second step to take: the pending sign-in to answer and how. */
export type PendingSignIn = { two_factor: "verify" | "setup"; challenge: string; methods: SecondStepMethod[] };
/** A session started. */
export type StartedSession = { token: string; found: SignedIn };

/**
 * The front door: every way in ends here once it proved who she is. `proof` says what the way in proved: `first`, a
 * first factor only (her password), which leads to her second step (a pending sign-in to answer), or, where two-step
 * sign-in is mandatory and she has no second factor yet, to its first set-up; `both`, both steps (a passkey with user
 * verification, a pending sign-in answered by a second factor, or the one-use token an admin issued for a model's
 * account), which starts the session. A sign-in from a device and network none of her kept sessions had is told to
 * her by e-mail (a model's security message, never switched off).
 */
export async function handleNewSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  found: SignedIn,
  proof: "both",
): Promise<StartedSession>;
export async function handleNewSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  found: SignedIn,
  proof: "first",
): Promise<PendingSignIn | StartedSession>;
export async function handleNewSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  found: SignedIn,
  proof: "first" | "both",
): Promise<PendingSignIn | StartedSession> {
  const account = { kind: found.role, id: found.account.id };
  const { sessionVersion } = found.account;
  if (proof === "first") {
    const step = await secondStepOf(app.db, account);
    if (step) {
      const pending = { role: found.role, id: account.id, sessionVersion, purpose: step.purpose };
      return {
        two_factor: step.purpose,
        challenge: await signChallenge(app.config.jwtSecret, pending),
        methods: step.methods,
      };
    }
  }
  const place = await signInPlace(app.db, account, { userAgent: request.headers["user-agent"], ip: request.ip });
  const token = await app.startSession(request, { role: found.role, id: account.id, sessionVersion });
  if (found.role === "model" && place.isNew) {
    await notifyNewSignIn(app.db, account.id, place);
    kickMail(app);
  }
  return { token, found };
}

type SessionAnswer = { admin: { token: string; user: ReturnType<typeof presentAdmin> } } & {
  model: { token: string; model: ReturnType<typeof presentSessionModel> };
};

/** A started session as the sign-in routes of `role` answer it (its token and the account as the session sees it). */
export function sessionAnswer<R extends Role>(role: R, started: StartedSession): SessionAnswer[R] {
  const { token, found } = started;
  // A way in of one role finds only accounts of that role; anything else is a refused sign-in.
  if (found.role !== role) throw unauthorized(CHALLENGE_INVALID);
  const answer =
    found.role === "admin"
      ? { token, user: presentAdmin(found.account) }
      : { token, model: presentSessionModel(found.account) };
  return answer as SessionAnswer[R];
}

/** The front door's answer to a first factor: the pending sign-in, or the session as `role`'s routes answer it. */
export function signInAnswer<R extends Role>(role: R, outcome: PendingSignIn | StartedSession) {
  return "challenge" in outcome ? outcome : sessionAnswer(role, outcome);
}
