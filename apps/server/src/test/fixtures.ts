/**
 * The server tests' fixture layer: a test file (or a describe) says what it needs, one line each. `useTestContext()`
 * gives it a site on a fresh database for its suite; `signedInAdmin`, `registeredAdvertiser` and `publicAdvertiser`
 * make the people its tests act as, through the server's own routes and functions (test/factories.ts).
 *
 *   const ctx = useTestContext();
 *   let admin: string;
 *   before(async () => {
 *     admin = await signedInAdmin(ctx);
 *   });
 */
import { after, before } from "node:test";
import type { RegisterBody } from "@vitrine/contracts";
import type { Config } from "../config";
import { loginAdmin, makeVisible, registerModel } from "./factories";
import { createTestContext, type TestContext } from "./helper";

/** Settings of one context: given as they are, or computed in its `before` (a fake started by an earlier hook). */
export type ContextOverrides = Partial<Config> | (() => Partial<Config> | Promise<Partial<Config>>);

/**
 * A test context for the current suite: the test file, or the describe it is called in (a server test file runs as
 * its own suite, in its own process or in a worker's queue, test/file-queue.ts). Its `before` hook opens the context
 * on a fresh database, its `after` hook closes it. node:test runs a suite's hooks of each kind in the order they were
 * registered, so a `before` registered later sees the context open, and an `after` registered later sees it closed:
 * a service the context needs (a fake Mercado Pago, a local SMTP server) starts in a `before` registered earlier,
 * passes its address through `overrides` as a function, and stops in an `after` registered later.
 *
 * Answers at once a stand-in for the context: `ctx.app`, `ctx.as(token)`… are the open context's inside tests and
 * hooks; read outside its suite's hooks (at the top of a file or describe, or once the after hook ran) they throw
 * saying so. `ctx.close()` in a test closes it early (a test of shutting down); the after hook then closes nothing.
 */
export function useTestContext(overrides: ContextOverrides = {}): TestContext {
  let open: TestContext | undefined;
  let closing: Promise<void> | undefined;
  // Once: a test of shutting down may close the context itself, and the after hook then has nothing left to do.
  const close = () => (closing ??= open ? open.close() : Promise.resolve());
  before(async () => {
    open = await createTestContext(typeof overrides === "function" ? await overrides() : overrides);
    closing = undefined;
  });
  after(async () => {
    await close();
    open = undefined;
  });
  return new Proxy({} as TestContext, {
    get(_target, key) {
      // Not a promise: awaiting the stand-in, or returning it from an async function, must not read the context.
      if (typeof key === "symbol" || key === "then") return undefined;
      if (!open) {
        throw new Error(
          `ctx.${key} read while the test context is not open: useTestContext() opens it in its suite's before hook ` +
            "and closes it in its after hook; read it inside tests and hooks, not at the top of a file or describe",
        );
      }
      return key === "close" ? close : open[key as keyof TestContext];
    },
  });
}

type Site = Pick<TestContext, "app">;

/** An admin signed in through both steps (password, then her authenticator's code): her bearer token. */
export function signedInAdmin(ctx: Site): Promise<string> {
  return loginAdmin(ctx.app);
}

/**
 * An advertiser registered through the real route, her e-mail confirmed, not yet public (unverified, never paid):
 * her id, token and registration body.
 */
export function registeredAdvertiser(ctx: Site, overrides: Partial<RegisterBody> = {}) {
  return registerModel(ctx.app, overrides);
}

/**
 * An advertiser the public sees: registered through the real route, e-mail confirmed, verified, active, with a plan
 * valid for 30 more days. Her id, token and registration body.
 */
export async function publicAdvertiser(ctx: Site, overrides: Partial<RegisterBody> = {}) {
  const advertiser = await registerModel(ctx.app, overrides);
  await makeVisible(ctx.app, advertiser.id);
  return advertiser;
}
