import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { unauthorized } from "../../lib/app-error";
import {
  beginTotpSetup,
  type TotpSetup,
  addPasskey,
  enableTotp,
  hasTwoFactor,
  twoFactorKey,
  registrationOptions,
  verifyRegistration,
} from "../factors/service";
import { accountOfChallenge, handleNewSignIn, type Role, type SignedIn, type StartedSession } from "./front-door";
import { CHALLENGE_INVALID, type Challenge, readChallenge } from "./pending";
import { checkSignInCode } from "./second-step";

/**
 * A first sign-in where two-step sign-in is mandatory (every admin; advertisers when an admin requires it) and she
 * has no second factor yet: the pending sign-in of purpose `setup` lets her add one (the authenticator app, or a
 * passkey), which brings ten recovery codes, and then the front door starts the session. It is spent by the first
 * set-up: from then on her sign-in asks for the factor.
 */
async function readSetup(app: FastifyInstance, role: Role, token: string) {
  const challenge = await readChallenge(app.config.jwtSecret, token, { role, purpose: "setup" });
  const found = await accountOfChallenge(app.db, challenge);
  const account = { kind: role, id: challenge.id };
  if (await hasTwoFactor(app.db, account)) throw unauthorized(CHALLENGE_INVALID);
  return { challenge, found, account };
}

/**
 * Runs a first set-up's change in one transaction that first locks the account's row and checks again that the
 * challenge is live and she has no second factor: two set-ups racing with one challenge (or two) are serialised by
 * the lock, and the second finds the first's factor and is refused (401), leaving one factor, one set of recovery
 * codes and one session.
 */
function firstSetup<T>(app: FastifyInstance, challenge: Challenge, change: (tx: Db) => Promise<T>): Promise<T> {
  return app.db.transaction(async (tx) => {
    await accountOfChallenge(tx, challenge, { lock: true });
    if (await hasTwoFactor(tx, { kind: challenge.role, id: challenge.id })) throw unauthorized(CHALLENGE_INVALID);
    return change(tx);
  });
}

/** The authenticator app to add (a QR code and its key), for a set-up pending sign-in. */
export async function beginSetupWithApp(app: FastifyInstance, role: Role, token: string): Promise<TotpSetup> {
  const { found, account } = await readSetup(app, role, token);
  return beginTotpSetup(app.db, twoFactorKey(app.config), account, found.account.email);
}

/** Registration options of the passkey to add, for a set-up pending sign-in. */
export async function setupPasskeyOptions(app: FastifyInstance, request: FastifyRequest, role: Role, token: string) {
  const { found, account } = await readSetup(app, role, token);
  return registrationOptions(app, request, account, found.account.email);
}

type SetupDone = StartedSession & { found: SignedIn; recovery_codes: string[] };

/** Confirms the app's first code (under the sign-in's backoff); answers the session and the recovery codes. */
export async function confirmSetupWithApp(
  app: FastifyInstance,
  request: FastifyRequest,
  role: Role,
  body: { challenge: string; code: string },
): Promise<SetupDone> {
  const { challenge, found, account } = await readSetup(app, role, body.challenge);
  const key = twoFactorKey(app.config);
  let codes: string[] | null = null;
  await checkSignInCode(
    app,
    request,
    account,
    async () => {
      codes = await firstSetup(app, challenge, (tx) => enableTotp(tx, key, account, body.code));
      return codes !== null;
    },
    { capped: false },
  );
  const started = await handleNewSignIn(app, request, found, "both");
  return { ...started, recovery_codes: codes ?? [] };
}

/**
 * The same first set-up with a passkey: the authenticator's answer adds the passkey and ten recovery codes in one
 * transaction, then the session. A refused answer adds nothing.
 */
export async function confirmSetupWithPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  role: Role,
  body: { challenge: string; name: string; response: unknown },
): Promise<SetupDone> {
  const { challenge, found, account } = await readSetup(app, role, body.challenge);
  const response = body.response as RegistrationResponseJSON;
  const values = await verifyRegistration(app, request, account, { name: body.name, response });
  const { codes } = await firstSetup(app, challenge, (tx) => addPasskey(tx, values, "always"));
  const started = await handleNewSignIn(app, request, found, "both");
  return { ...started, recovery_codes: codes ?? [] };
}
