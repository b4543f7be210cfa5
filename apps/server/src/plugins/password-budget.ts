import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { clientAddressKey } from "../lib/client-address";
import { rateLimited } from "../lib/app-error";

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

/** A fixed one-minute window per client network, in memory (each server instance keeps its own). */
export const passwordBudgetPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number }) => {
  const windows = new Map<string, { startedAt: number; spent: number }>();
  let sweptAt = Date.now();

  app.decorate("spendPasswordAttempt", async (request) => {
    const now = Date.now();
    if (now - sweptAt > WINDOW_MS) {
      for (const [key, w] of windows) if (now - w.startedAt >= WINDOW_MS) windows.delete(key);
      sweptAt = now;
    }
    const key = clientAddressKey(request.ip);
    let window = windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, spent: 0 };
      windows.set(key, window);
    }
    window.spent += 1;
    if (window.spent > opts.perMinute) throw rateLimited();
  });
});
