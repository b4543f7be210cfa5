import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { EncryptJWT, jwtDecrypt } from "jose";
import { appendSetCookie, readCookie, type VerifierFlow } from "../age-assurance/service";

/**
 * Her verification at the identity verifier in progress, kept by the browser that started it: cookie
 * `identity_flow`, an encrypted JWT (dir, A256GCM, a key of its own derived from the server secret) holding her
 * model id, the started verification's id and the verifier's own data (state, nonce, PKCE verifier). Set by her
 * signed-in start, so the callback — a plain navigation back from the verifier, without her bearer token — is
 * bound to her account and to this browser; encrypted so the PKCE verifier and nonce stay secret; sent only to
 * /api/identity; gone after 15 minutes (document, selfie and liveness take a few).
 */
export const IDENTITY_FLOW_COOKIE = "identity_flow";
const FLOW_SECONDS = 15 * 60;
export const IDENTITY_FLOW_PATH = "/api/identity";
const AUDIENCE = "vitrine:identity-flow";

export type IdentityFlow = { modelId: number; verificationId: number; verifier: VerifierFlow };

function flowKey(secret: string): Uint8Array {
  return new Uint8Array(createHmac("sha256", secret).update("vitrine:identity-flow:v1").digest());
}

export async function setIdentityFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  flow: IdentityFlow,
): Promise<void> {
  const iat = Math.floor(Date.now() / 1000);
  const token = await new EncryptJWT({ mdl: flow.modelId, ver: flow.verificationId, vrf: flow.verifier })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FLOW_SECONDS)
    .encrypt(flowKey(secret));
  appendSetCookie(reply, `${IDENTITY_FLOW_COOKIE}=${token}; ${attributes(request, FLOW_SECONDS)}`);
}

export function clearIdentityFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, `${IDENTITY_FLOW_COOKIE}=; ${attributes(request, 0)}`);
}

/** The request's flow, or null (none, expired, tampered with, or sealed with another key). */
export async function openIdentityFlow(request: FastifyRequest, secret: string): Promise<IdentityFlow | null> {
  const token = readCookie(request, IDENTITY_FLOW_COOKIE);
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, flowKey(secret), {
      audience: AUDIENCE,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
      requiredClaims: ["exp"],
    });
    const { mdl, ver, vrf } = payload;
    if (!Number.isSafeInteger(mdl) || !Number.isSafeInteger(ver)) return null;
    if (!vrf || typeof vrf !== "object" || Object.values(vrf).some((v) => typeof v !== "string")) return null;
    return { modelId: mdl as number, verificationId: ver as number, verifier: vrf as VerifierFlow };
  } catch {
    return null;
  }
}

function attributes(request: FastifyRequest, maxAge: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `Path=${IDENTITY_FLOW_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}
