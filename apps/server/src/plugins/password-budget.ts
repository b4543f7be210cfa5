import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { clientAddressKey } from "../lib/client-address";
import { rateLimited } from "../lib/app-error";
import { countHit } from "../lib/shared-counters";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * onRequest hook of every route that checks a password (admin and model login, registration, the account
     * routes): one budget per client network shared by all of them, so spreading guesses over several routes
     * gains nothing. It runs before the body is read.
     */
    spendPasswordAttempt: onRequestAsyncHookHandler;
  }
}

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per client network, counted in the database (lib/shared-counters.ts), so every server
 * instance on it spends from the same budget. Every attempt counts, refused ones too.
 */
export const passwordBudgetPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number }) => {
  app.decorate("spendPasswordAttempt", async (request) => {
    const { count } = await countHit(app.db, `password|${clientAddressKey(request.ip)}`, WINDOW_MS);
    if (count > opts.perMinute) throw rateLimited();
  });
});
