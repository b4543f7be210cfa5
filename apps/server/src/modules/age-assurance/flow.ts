import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { EncryptJWT, jwtDecrypt } from "jose";
import { appendSetCookie, readCookie } from "./pass";
import type { VerifierFlow } from "./verifier";

/**
 * The age check in progress, kept by the browser that started it: cookie `age_flow`, an encrypted JWT (dir,
 * A256GCM, a key of its own derived from the server secret) holding the check's id, the page to return to, the
 * hash of the browser's age session id and the verifier's own data (state, nonce, PKCE verifier). Encrypted so that
 * the PKCE verifier and nonce stay secret; bound to the browser by the session hash; sent only to /api/age; gone
 * after 10 minutes.
 */
export const AGE_FLOW_COOKIE = "age_flow";
export const AGE_FLOW_SECONDS = 10 * 60;
const FLOW_PATH = "/api/age";
const AUDIENCE = "vitrine:age-flow";

export type AgeFlow = {
  checkId: string;
  /** A safe path of this site (safeNextPath). */
  next: string;
  /** sessionHash(age_sid) of the browser that started the check. */
  sessionHash: string;
  verifier: VerifierFlow;
};

function flowKey(secret: string): Uint8Array {
  return new Uint8Array(createHmac("sha256", secret).update("vitrine:age-flow:v1").digest());
}

export function sealFlow(secret: string, flow: AgeFlow, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ chk: flow.checkId, nxt: flow.next, sid: flow.sessionHash, vrf: flow.verifier })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + AGE_FLOW_SECONDS)
    .encrypt(flowKey(secret));
}

/** The request's flow, or null (none, expired, tampered with, or sealed with another key). */
export async function openFlow(request: FastifyRequest, secret: string, now?: Date): Promise<AgeFlow | null> {
  const token = readCookie(request, AGE_FLOW_COOKIE);
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, flowKey(secret), {
      audience: AUDIENCE,
      currentDate: now,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
      requiredClaims: ["exp"],
    });
    const { chk, nxt, sid, vrf } = payload;
    if (typeof chk !== "string" || typeof nxt !== "string" || typeof sid !== "string") return null;
    if (!vrf || typeof vrf !== "object" || Object.values(vrf).some((v) => typeof v !== "string")) return null;
    return { checkId: chk, next: nxt, sessionHash: sid, verifier: vrf as VerifierFlow };
  } catch {
    return null;
  }
}

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  appendSetCookie(reply, `${AGE_FLOW_COOKIE}=${value}; ${flowAttributes(request, AGE_FLOW_SECONDS)}`);
}

export function clearFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, `${AGE_FLOW_COOKIE}=; ${flowAttributes(request, 0)}`);
}

function flowAttributes(request: FastifyRequest, maxAge: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `Path=${FLOW_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}
