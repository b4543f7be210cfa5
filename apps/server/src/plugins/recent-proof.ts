import { RECENT_PROOF_REQUIRED_MESSAGE } from "@vitrine/contracts";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { AppError } from "../lib/app-error";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * onRequest hook of every sensitive change of a signed-in account (adding or removing a sign-in factor, new
     * recovery codes, changing the e-mail or the password, downloading her data): it runs after the scope's guard and
     * before the body is read, and refuses with 403 RECENT_PROOF_REQUIRED unless the session gave a recent proof
     * (its sign-in, her password or a current second factor) within the last few minutes.
     */
    requireRecentProof: onRequestAsyncHookHandler;
  }
}

/** Where the proofs are kept (modules/recent-proof, handed in by app.ts: a plugin never imports a module). */
export type RecentProofStore = {
  /** Whether the session gave its last proof within the window (measured by the database's clock). */
  provedRecently(db: Db, sessionId: string): Promise<boolean>;
};

/** The 403 of a sensitive change asked for without a recent proof: the web asks "Confirme que é você" and retries. */
export const recentProofRequired = () => new AppError(403, "RECENT_PROOF_REQUIRED", RECENT_PROOF_REQUIRED_MESSAGE);

/**
 * A stolen session (a borrowed open laptop) alone cannot add a way into the account nor take it over: a sensitive
 * change needs a proof given by this very session in the last few minutes. `request.sessionId` is the session the
 * scope's guard already checked as live and the caller's own.
 */
export const recentProofPlugin = fp(async (app: FastifyInstance, opts: { store: RecentProofStore }) => {
  app.decorate("requireRecentProof", async (request) => {
    if (!(await opts.store.provedRecently(app.db, request.sessionId))) throw recentProofRequired();
  });
});
