import type { FastifyReply, FastifyRequest } from "fastify";
import { readVerifierData, sealedFlowCookie } from "../../lib/sealed-flow";
import type { VerifierFlow } from "./verifier";

/**
 * The age check in progress, kept by the browser that started it (lib/sealed-flow.ts, purpose "age"): cookie
 * `age_flow` holding the check's id, the page to return to, the hash of the browser's age session id and the
 * verifier's own data (state, nonce, PKCE verifier). Bound to the browser by the session hash; sent only to
 * /api/age; gone after 10 minutes; never opened by the identity verification's callback.
 */
export const AGE_FLOW_COOKIE = "age_flow";
export const AGE_FLOW_SECONDS = 10 * 60;
const sealed = sealedFlowCookie({
  purpose: "age",
  cookie: AGE_FLOW_COOKIE,
  path: "/api/age",
  seconds: AGE_FLOW_SECONDS,
});

export type AgeFlow = {
  checkId: string;
  /** A safe path of this site (safeNextPath). */
  next: string;
  /** sessionHash(age_sid) of the browser that started the check. */
  sessionHash: string;
  verifier: VerifierFlow;
};

export function sealFlow(secret: string, flow: AgeFlow, now = new Date()): Promise<string> {
  return sealed.seal(secret, { chk: flow.checkId, nxt: flow.next, sid: flow.sessionHash, vrf: flow.verifier }, now);
}

/** The request's age flow, or null (none, expired, tampered with, sealed with another key, another purpose's). */
export async function openFlow(request: FastifyRequest, secret: string, now?: Date): Promise<AgeFlow | null> {
  const payload = await sealed.open(request, secret, now);
  if (!payload) return null;
  const { chk, nxt, sid } = payload;
  const verifier = readVerifierData(payload.vrf);
  if (typeof chk !== "string" || typeof nxt !== "string" || typeof sid !== "string" || !verifier) return null;
  return { checkId: chk, next: nxt, sessionHash: sid, verifier };
}

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  sealed.set(request, reply, value);
}

export function clearFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  sealed.clear(request, reply);
}
