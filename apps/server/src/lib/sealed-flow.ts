import type { FastifyReply, FastifyRequest } from "fastify";
import { EncryptJWT, type JWTPayload, jwtDecrypt } from "jose";
import { appendSetCookie, readCookie } from "./cookies";
import { hmacKey } from "./keys";

/**
 * A verifier flow in progress, kept by the browser that started it: an HttpOnly cookie holding an encrypted JWT
 * (dir, A256GCM) under a key of the flow's own, derived from the server secret ("vitrine:<purpose>-flow:v1"), with
 * the flow's audience, an expiry and its purpose (`pur`). Encrypted so that the verifier's PKCE verifier and nonce
 * stay secret; sent only to the flow's path. Each purpose has its own key, audience and purpose claim: the state of
 * one flow (the age check) opens nowhere but at its own callback, never at another's (the identity verification).
 */
export type FlowPurpose = "age" | "identity";

export type SealedFlowSpec = {
  purpose: FlowPurpose;
  /** The cookie's name. */
  cookie: string;
  /** The only path the browser sends it to. */
  path: string;
  /** How long the flow may take. */
  seconds: number;
};

export type SealedFlow = ReturnType<typeof sealedFlowCookie>;

export function sealedFlowCookie(spec: SealedFlowSpec) {
  const audience = `vitrine:${spec.purpose}-flow`;
  const key = (secret: string) => hmacKey(secret, `vitrine:${spec.purpose}-flow:v1`);
  const attributes = (request: FastifyRequest, maxAge: number) => {
    const secure = request.protocol === "https" ? "; Secure" : "";
    return `Path=${spec.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  };

  return {
    /** The sealed value of `claims` (plus the purpose), valid `seconds` from `now`. */
    seal(secret: string, claims: Record<string, unknown>, now = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new EncryptJWT({ ...claims, pur: spec.purpose })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + spec.seconds)
        .encrypt(key(secret));
    },

    /**
     * The request's flow claims, or null: none, expired, tampered with, sealed with another key or audience, or
     * of another purpose.
     */
    async open(request: FastifyRequest, secret: string, now?: Date): Promise<JWTPayload | null> {
      const token = readCookie(request, spec.cookie);
      if (!token || token.length > 4096) return null;
      try {
        const { payload } = await jwtDecrypt(token, key(secret), {
          audience,
          currentDate: now,
          keyManagementAlgorithms: ["dir"],
          contentEncryptionAlgorithms: ["A256GCM"],
          requiredClaims: ["exp", "pur"],
        });
        return payload.pur === spec.purpose ? payload : null;
      } catch {
        return null;
      }
    },

    set(request: FastifyRequest, reply: FastifyReply, value: string): void {
      appendSetCookie(reply, `${spec.cookie}=${value}; ${attributes(request, spec.seconds)}`);
    },

    clear(request: FastifyRequest, reply: FastifyReply): void {
      appendSetCookie(reply, `${spec.cookie}=; ${attributes(request, 0)}`);
    },
  };
}

/** The verifier's own data of a flow (state, nonce, PKCE verifier): an object of strings, or null. */
export function readVerifierData(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.values(value).every((v) => typeof v === "string") ? (value as Record<string, string>) : null;
}
