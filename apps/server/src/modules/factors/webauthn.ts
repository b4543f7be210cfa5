import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { type PasskeyRow, passkeyChallenges, passkeys } from "../../db/schema";
import { conflict, isUniqueViolation, unauthorized } from "../../lib/app-error";
import type { FactorAccount } from "./state";
import { loadSiteIdentity, publicOrigin } from "../settings/service";

/** A WebAuthn challenge is answered within this time or not at all (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_FAILED = "Não foi possível confirmar a chave de acesso. Tente novamente.";
export const PASSKEY_UNKNOWN = "Esta chave de acesso não está cadastrada nesta conta.";

type Purpose = "register" | "second_step" | "sign_in";
type Role = FactorAccount["kind"];

/**
 * The relying party: the site's public origin (PUBLIC_URL, else site_url; outside production without either, the
 * request's host — settings/service publicOrigin, the one origin rule) and its host name as the RP id. A passkey is
 * bound to that host name: changing the site's domain leaves the old passkeys unusable.
 */
async function relyingParty(app: FastifyInstance, request: FastifyRequest) {
  // As a browser writes it in clientDataJSON: no default port.
  const url = new URL((await publicOrigin(app, request)).origin);
  return { origin: url.origin, rpID: url.hostname };
}

const ofAccount = (account: FactorAccount) =>
  and(eq(passkeys.accountKind, account.kind), eq(passkeys.accountId, account.id));

/**
 * Keeps a new challenge (expired ones are swept at the same time) and answers its bytes; the browser sends them back
 * base64url-encoded in clientDataJSON, the form kept here.
 */
async function storeChallenge(
  db: Db,
  purpose: Purpose,
  kind: Role,
  accountId: number | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = randomBytes(32);
  const challenge = bytes.toString("base64url");
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    accountKind: kind,
    accountId,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return Uint8Array.from(bytes);
}

/**
 * Deletes the challenges past their expiry at `now`: handed out and never answered (an answered one is deleted when
 * it is spent). Answers how many went.
 */
export async function forgetExpiredChallenges(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(passkeyChallenges)
    .where(lte(passkeyChallenges.expiresAt, now))
    .returning({ challenge: passkeyChallenges.challenge });
  return gone.length;
}

/**
 * Spends a challenge: true only if it was handed out for this purpose and account and has not expired. The DELETE
 * that reads it removes it, so a replayed answer (even a concurrent one) finds nothing.
 */
function spendChallenge(db: Db, purpose: Purpose, kind: Role, accountId: number | null) {
  return async (challenge: string): Promise<boolean> => {
    const [row] = await db
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.challenge, challenge), gt(passkeyChallenges.expiresAt, sql`now()`)))
      .returning();
    return Boolean(row) && row.purpose === purpose && row.accountKind === kind && row.accountId === accountId;
  };
}

export function listPasskeys(db: Db, account: FactorAccount): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(ofAccount(account)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Options to create a passkey for the signed-in account (a discoverable one, so it can sign in without password). */
export async function registrationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  account: FactorAccount,
  userName: string,
) {
  const { rpID } = await relyingParty(app, request);
  const site = await loadSiteIdentity({ db: app.db });
  const existing = await listPasskeys(app.db, account);
  return generateRegistrationOptions({
    rpName: site.name,
    rpID,
    userName,
    // The user handle names the account kind and id, never the e-mail: it is stored on the authenticator.
    userID: new TextEncoder().encode(`${account.kind}:${account.id}`),
    challenge: await storeChallenge(app.db, "register", account.kind, account.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
}

/**
 * Verifies the authenticator's answer to `registrationOptions` (spending its challenge, even when it then fails) and
 * answers the passkey to keep; 401 when it does not verify.
 */
export async function verifyRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  account: FactorAccount,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<typeof passkeys.$inferInsert> {
  const { origin, rpID } = await relyingParty(app, request);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: spendChallenge(app.db, "register", account.kind, account.id),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized(PASSKEY_FAILED);
  const { credential } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
    accountKind: account.kind,
    accountId: account.id,
    name: input.name,
  };
}

/** Keeps a verified passkey; 409 when that credential is already registered (to this account or another). */
export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  try {
    const [row] = await db.insert(passkeys).values(values).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("Esta chave de acesso já está cadastrada");
    throw err;
  }
}

/** Removes one of the account's passkeys; null when it is not hers (the id is matched with the account). */
export async function deletePasskey(db: Db, account: FactorAccount, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(ofAccount(account), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Options to sign in with a passkey: for the second step, `accountId` names the account that passed its password
 * and only its passkeys are allowed; without it (sign-in without password) the browser offers the discoverable
 * passkeys of this site, and user verification (PIN, biometrics) is required, since the passkey is then both steps.
 */
export async function authenticationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: Role,
  accountId: number | null,
) {
  const { rpID } = await relyingParty(app, request);
  const allow = accountId === null ? [] : await listPasskeys(app.db, { kind, id: accountId });
  return generateAuthenticationOptions({
    rpID,
    allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports })),
    challenge: await storeChallenge(app.db, accountId === null ? "sign_in" : "second_step", kind, accountId),
    userVerification: accountId === null ? "required" : "preferred",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
}

/** The challenge an answer's clientDataJSON names, or null when it is not readable JSON. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Verifies an answer to `authenticationOptions`: the passkey must belong to an account of `kind` (and to
 * `accountId`, for a second step), its signature must verify under the stored key with a counter that grew (when the
 * authenticator keeps one), and the challenge must be unspent. Answers the account id; 401 otherwise.
 */
export async function authenticatePasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: Role,
  accountId: number | null,
  response: AuthenticationResponseJSON,
): Promise<number> {
  const { origin, rpID } = await relyingParty(app, request);
  const [passkey] = await app.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  // Another account's passkey (or one of another kind) is refused like an unknown one; the challenge is spent anyway.
  const mine = passkey && passkey.accountKind === kind && (accountId === null || passkey.accountId === accountId);
  const spend = spendChallenge(app.db, accountId === null ? "sign_in" : "second_step", kind, accountId);
  if (!mine) {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge) await spend(challenge);
    throw unauthorized(PASSKEY_UNKNOWN);
  }
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: spend,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: accountId === null,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized(PASSKEY_FAILED);
  // The counter is raised by the statement that checks it did not go back, so two uses of one signature both fail.
  const { newCounter } = verification.authenticationInfo;
  const [used] = await app.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, passkey.id), newCounter === 0 ? sql`true` : lt(passkeys.counter, newCounter)))
    .returning({ id: passkeys.id });
  if (!used) throw unauthorized(PASSKEY_FAILED);
  return passkey.accountId;
}
