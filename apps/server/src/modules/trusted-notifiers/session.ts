import { TRUSTED_NOTIFIER_ONLY } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import { type TrustedNotifierRow, trustedNotifiers } from "../../db/schema";
import { forbidden, unauthorized } from "../../lib/app-error";
import { hkdfKey } from "../../lib/keys";

/**
 * A trusted notifier's session (decision 061): a bearer JWT of its own audience, signed with a key derived from the
 * server secret for this purpose alone, so an admin's or a model's token never verifies here and a notifier's never
 * verifies in their scopes. It names the notifier's session version: revoking the notifier or a new password raises
 * it, and the guard reads the row on every request, so a revoked notifier is refused at once.
 */
export const NOTIFIER_SESSION_HOURS = 12;
const AUDIENCE = "vitrine:trusted-notifier";
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

const keyOf = (secret: string) => hkdfKey(secret, "vitrine:trusted-notifier-session:v1");

export function signNotifierToken(secret: string, notifier: Pick<TrustedNotifierRow, "id" | "sessionVersion">) {
  return new SignJWT({ role: "notifier", sv: notifier.sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(notifier.id))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${NOTIFIER_SESSION_HOURS}h`)
    .sign(keyOf(secret));
}

async function readNotifierClaims(secret: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["exp", "sub", "aud"],
    });
    const id = Number(payload.sub);
    if (payload.role !== "notifier" || typeof payload.sv !== "number") return null;
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    return { id, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}

const NOTIFIER = Symbol("trusted-notifier");
type WithNotifier = FastifyRequest & { [NOTIFIER]?: TrustedNotifierRow };

/** The signed-in notifier's row; only inside the notifier scope (the guard put it there). */
export function notifierOf(request: FastifyRequest): TrustedNotifierRow {
  const row = (request as WithNotifier)[NOTIFIER];
  if (!row) throw unauthorized();
  return row;
}

/**
 * The notifier scope's onRequest guard (headers only, before any body is read): a valid notifier token whose
 * notifier is active and whose session version is current. An admin's or a model's valid session is 403, anything
 * else 401.
 */
export function authenticateNotifier(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? "")?.[1];
    const claims = token ? await readNotifierClaims(app.config.jwtSecret, token) : null;
    if (!claims) {
      if (token && (await app.readSession(request))) throw forbidden(TRUSTED_NOTIFIER_ONLY);
      throw unauthorized();
    }
    const [row] = await app.db.select().from(trustedNotifiers).where(eq(trustedNotifiers.id, claims.id));
    if (!row || row.status !== "active" || row.sessionVersion !== claims.sessionVersion) throw unauthorized();
    (request as WithNotifier)[NOTIFIER] = row;
  };
}
