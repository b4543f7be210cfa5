import type { FastifyReply, FastifyRequest } from "fastify";
import { readVerifierData, sealedFlowCookie } from "../../lib/sealed-flow";
import type { VerifierFlow } from "../age-assurance/service";

/**
 * Her verification at the identity verifier in progress, kept by the browser that started it (lib/sealed-flow.ts,
 * purpose "identity"): cookie `identity_flow` holding her model id, the started verification's id and the verifier's
 * own data (state, nonce, PKCE verifier). Set by her signed-in start, so the callback — a plain navigation back from
 * the verifier, without her bearer token — is bound to her account and to this browser; sent only to
 * /api/identity; gone after 15 minutes (document, selfie and liveness take a few); an age check's state never opens
 * here.
 */
export const IDENTITY_FLOW_COOKIE = "identity_flow";
export const IDENTITY_FLOW_PATH = "/api/identity";
const sealed = sealedFlowCookie({
  purpose: "identity",
  cookie: IDENTITY_FLOW_COOKIE,
  path: IDENTITY_FLOW_PATH,
  seconds: 15 * 60,
});

export type IdentityFlow = { modelId: number; verificationId: number; verifier: VerifierFlow };

export async function setIdentityFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  flow: IdentityFlow,
): Promise<void> {
  sealed.set(
    request,
    reply,
    await sealed.seal(secret, { mdl: flow.modelId, ver: flow.verificationId, vrf: flow.verifier }),
  );
}

export function clearIdentityFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  sealed.clear(request, reply);
}

/** The request's identity flow, or null (none, expired, tampered with, another key's, another purpose's). */
export async function openIdentityFlow(request: FastifyRequest, secret: string): Promise<IdentityFlow | null> {
  const payload = await sealed.open(request, secret);
  if (!payload) return null;
  const { mdl, ver } = payload;
  const verifier = readVerifierData(payload.vrf);
  if (!Number.isSafeInteger(mdl) || !Number.isSafeInteger(ver) || !verifier) return null;
  return { modelId: mdl as number, verificationId: ver as number, verifier };
}
