import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../../lib/app-error";
import {
  checkSecondStepCode,
  checkUnderSecondStepBackoff,
  CODE_INVALID,
  type FactorAccount,
  twoFactorKey,
  authenticatePasskey,
  PASSKEY_FAILED,
} from "../factors/service";
import { accountOfChallenge, findSignInAccount, handleNewSignIn, type Role, type StartedSession } from "./front-door";
import { CHALLENGE_INVALID, readChallenge } from "./pending";
import { assertUnderSecondStepCap, countWrongSecondStep } from "./second-step-cap";

/**
 * Checks a code of a sign-in's second factor: refused while the account's cap on wrong second steps holds
 * (second-step-cap.ts), and under the per-account-and-network backoff; a wrong one is 401 and counts for both.
 * `check` answers whether the code was right.
 */
export async function checkSignInCode(
  app: FastifyInstance,
  request: FastifyRequest,
  account: FactorAccount,
  check: () => Promise<boolean>,
  opts: { capped: boolean },
): Promise<void> {
  if (opts.capped) await assertUnderSecondStepCap(app, account);
  if (!(await checkUnderSecondStepBackoff(app, request, account, check))) {
    if (opts.capped) await countWrongSecondStep(app, account);
    throw unauthorized(CODE_INVALID);
  }
}

/**
 * The one way a pending sign-in (purpose `verify`) is answered: by a code (of the app, or a recovery code) or by one
 * of her passkeys. Then the front door starts the session.
 */
export async function answerPendingSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  role: Role,
  token: string,
  answer: { code: string } | { passkey: AuthenticationResponseJSON },
): Promise<StartedSession> {
  const challenge = await readChallenge(app.config.jwtSecret, token, { role, purpose: "verify" });
  const account = { kind: role, id: challenge.id };
  let found;
  if ("code" in answer) {
    found = await accountOfChallenge(app.db, challenge);
    const key = twoFactorKey(app.config);
    await checkSignInCode(app, request, account, () => checkSecondStepCode(app.db, key, account, answer.code), {
      capped: true,
    });
  } else {
    await authenticatePasskey(app, request, role, challenge.id, answer.passkey);
    found = await accountOfChallenge(app.db, challenge);
  }
  return handleNewSignIn(app, request, found, "both");
}

/**
 * "Entrar com chave de acesso": a discoverable passkey with user verification is both steps at once, so the front
 * door starts the session.
 */
export async function signInWithPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  role: Role,
  response: AuthenticationResponseJSON,
): Promise<StartedSession> {
  const id = await authenticatePasskey(app, request, role, null, response);
  const found = await findSignInAccount(app.db, role, id);
  if (!found) throw unauthorized(PASSKEY_FAILED);
  return handleNewSignIn(app, request, found, "both");
}

export { CHALLENGE_INVALID, CODE_INVALID };
