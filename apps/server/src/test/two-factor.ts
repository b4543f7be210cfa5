import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { twoFactorSecrets } from "../db/schema";

/** The authenticator secrets the helpers set up, per app and account ("admin:1"): the test's phone. */
const phones = new WeakMap<FastifyInstance, Map<string, string>>();

/** The code an authenticator app shows now for `secret` (or at `timestamp`). */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

/** The secret the helpers set up for `role` `id` on `app`. */
export const phoneSecret = (app: FastifyInstance, role: "admin" | "model", id: number) =>
  phones.get(app)?.get(`${role}:${id}`);

export function rememberSecret(app: FastifyInstance, role: "admin" | "model", id: number, secret: string) {
  if (!phones.has(app)) phones.set(app, new Map());
  phones.get(app)!.set(`${role}:${id}`, secret);
}

type Answer = { token?: string; two_factor?: "verify" | "setup"; challenge?: string };

/**
 * Completes an admin (or model) sign-in whose password step answered `answer`: sets up the authenticator the first
 * time (remembering its secret), then types its current code. Tests sign in many times within one 30-second step,
 * and a code is usable once, so the helper forgets the last accepted step first (arranging, as a clock would).
 */
export async function completeSignIn(
  app: FastifyInstance,
  role: "admin" | "model",
  answer: Answer,
  from: { ua?: string; ip?: string } = {},
): Promise<string> {
  if (answer.token) return answer.token;
  const challenge = answer.challenge!;
  const id = Number(decodeJwt(challenge).sub);
  const post = async (url: string, payload: object) => {
    const headers = from.ua ? { "user-agent": from.ua } : {};
    const res = await app.inject({ method: "POST", url, payload, headers, remoteAddress: from.ip });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  if (answer.two_factor === "setup") {
    const { secret } = await post(`/api/auth/${role}/two-factor/setup`, { challenge });
    rememberSecret(app, role, id, secret);
    return (await post(`/api/auth/${role}/two-factor/confirm`, { challenge, code: totpCode(secret) })).token;
  }
  const secret = phoneSecret(app, role, id);
  if (!secret) throw new Error(`no authenticator set up by the helpers for ${role} ${id}`);
  await app.db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: null })
    .where(and(eq(twoFactorSecrets.accountKind, role), eq(twoFactorSecrets.accountId, id)));
  return (await post(`/api/auth/${role}/two-factor`, { challenge, code: totpCode(secret) })).token;
}
