import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { backdateProof, RECENT_PROOF_WINDOW_MS } from "../modules/recent-proof/store";

/**
 * Makes the session of `token` stale, as if its last proof (its sign-in, a password, a code or a passkey) had been
 * given a minute longer ago than the recent-proof window: its next sensitive change asks for a proof first.
 */
export async function staleProof(app: FastifyInstance, token: string): Promise<void> {
  const sessionId = decodeJwt(token).sid;
  if (typeof sessionId !== "string") throw new Error("a session token names its session (sid)");
  await backdateProof(app.db, sessionId, RECENT_PROOF_WINDOW_MS + 60_000);
}
