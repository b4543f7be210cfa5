import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, afterEach, before } from "node:test";
import type { RegisterBody } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../apps/server/src/db/client";
import { type DemoAgeVerifier, startDemoAgeVerifier } from "../apps/server/src/fake-age-verifier/demo-verifier";
import { DEMO_AGE_VERIFIER, DEMO_IDENTITY_VERIFIER } from "../apps/server/src/fake-age-verifier/identity";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildRegistration } from "../apps/server/src/test/registration";
import {
  ADMIN,
  adminApiToken,
  confirmEmail,
  describeOpenPages,
  launchBrowser,
  newPage,
  signInAsAdmin,
  type Site,
  startSite,
  visit,
} from "./harness";

/**
 * What a spec's site is made of. Without any of these, the spec runs on the worker's shared site (below).
 * - env: the server's configuration beyond the harness's (harness.ts startSite);
 * - data: what the data directory holds at the first start: "prepared" (migrations and reference data, the
 *   default), "demo" (the demo data set, public-support.ts seedDemoDataDir) or "empty" (the server's first start
 *   builds it, as on a new machine);
 * - prepare: written with the server's own functions before the first start (writeWithServerFunctions), with
 *   `prepareEnv` as the app's configuration;
 * - built: the server of `npm run build` (apps/server/dist) instead of the sources compiled for the tests;
 * - verifier: the site checks ages ("age": AGE_ASSURANCE=verifier) or identities ("identity": IDENTITY_VERIFIER_*)
 *   at the demonstration verifier, a real OpenID Connect provider started for the spec (`e2e.verifier`).
 */
export type SiteOptions = {
  env?: Record<string, string>;
  verifier?: "age" | "identity";
  data?: "prepared" | "demo" | "empty";
  prepare?: (app: FastifyInstance, database: Database) => Promise<void>;
  prepareEnv?: Record<string, string>;
  built?: boolean;
};

/** A spec's site and the worker's browser, as `useSite` gives them to its tests. */
export type E2E = {
  readonly site: Site;
  readonly browser: Browser;
  /** The site's data directory (its own sites only). */
  readonly dataDir: string;
  /** The demonstration verifier the site was configured with (SiteOptions `verifier`). */
  readonly verifier: DemoAgeVerifier;
  /** Stops the site and starts it again on the same data directory, with `env` in place of the spec's. */
  restart(env?: Record<string, string>): Promise<Site>;
  /**
   * Writes what no route can make with the server's own functions (writeWithServerFunctions): the site is
   * stopped, `write` runs on its data directory, and the site starts again (with `env` in place of the spec's).
   */
  write(
    write: (app: FastifyInstance, database: Database) => Promise<void>,
    env?: Record<string, string>,
  ): Promise<Site>;
};

/**
 * Browser tests run in worker processes (scripts/test.sh: e2e/worker-1.ts and worker-2.ts, each taking spec files
 * from one queue, apps/server/src/test/file-queue.ts). A worker launches one browser, and starts one site with
 * the harness's configuration for every spec that needs nothing else (`useSite()`), then keeps both to its end:
 * a spec's tests get fresh browser contexts, and what a spec leaves open is closed when its file ends. A spec that
 * needs its own configuration or data (`useSite(options)`) gets a site of its own, stopped and removed with its
 * data directory when the file (or the describe block that asked for it) ends. Run specs alone with
 * `npm run test:file -- e2e/x.spec.ts` (a worker: a spec's own `before` runs after useSite's); one run bare with
 * `node --test` closes the browser and shared site at its end too.
 */
let workerBrowser: Promise<Browser> | undefined;
let workerSite: Promise<Site> | undefined;

function sharedBrowser(): Promise<Browser> {
  return (workerBrowser ??= launchBrowser());
}

function sharedSite(): Promise<Site> {
  return (workerSite ??= startSite());
}

/** Ends what the worker kept (its browser and shared site): the worker's own last hook. */
export async function closeWorkerFixtures(): Promise<void> {
  const [browser, site] = [workerBrowser, workerSite];
  workerBrowser = workerSite = undefined;
  await (await browser?.catch(() => undefined))?.close();
  await (await site?.catch(() => undefined))?.stop();
}

/**
 * The site and browser of the spec (or of the describe block it is called in): registers the hooks that make them
 * before its tests and end them after. `options` may be a function run in the `before` hook, for a configuration
 * that names something started there (a local verifier's address). See SiteOptions and closeWorkerFixtures.
 */
export function useSite(options?: SiteOptions | (() => SiteOptions | Promise<SiteOptions>)): E2E {
  let site: Site | undefined;
  let browser: Browser | undefined;
  let own: { dataDir: string; env: Record<string, string>; built?: boolean } | undefined;
  let verifier: DemoAgeVerifier | undefined;
  const fail = (what: string) => {
    throw new Error(`useSite: ${what} is read before the spec's before hook ran`);
  };
  const start = (env: Record<string, string>) => startSite({ ...env, DATA_DIR: own!.dataDir }, { built: own!.built });
  before(async () => {
    browser = await sharedBrowser();
    const opts = typeof options === "function" ? await options() : options;
    if (!opts) {
      site = await sharedSite();
      return;
    }
    if (opts.verifier) verifier = await startDemoAgeVerifier();
    const env = { ...(verifier && verifierEnv(opts.verifier!, verifier)), ...opts.env };
    own = { dataDir: mkdtempSync(path.join(tmpdir(), "vitrine-e2e-")), env, built: opts.built };
    if (opts.data === "demo") {
      const { seedDemoDataDir } = await import("./public-support");
      await seedDemoDataDir(own.dataDir);
    }
    if (opts.prepare) await writeWithServerFunctions(own.dataDir, opts.prepare, { env: opts.prepareEnv });
    site =
      opts.data === "empty"
        ? await startSite({ ...own.env, DATA_DIR: own.dataDir }, { built: opts.built, emptyDataDir: true })
        : await start(own.env);
  });
  // A failing test says what was on screen: the address and visible text of every page still open (a test that
  // closes its pages in a `finally` hides them; leave them to the `after` below). Node 20.12+ and 24 give an
  // afterEach hook the test's outcome.
  // (@types/node 20 does not declare `passed` yet.)
  afterEach(async (t) => {
    const outcome = t as typeof t & { passed?: boolean };
    if (outcome.passed !== false || !browser || !("diagnostic" in t)) return;
    t.diagnostic(`what the browser showed when "${t.name}" failed:\n${await describeOpenPages(browser)}`);
  });
  after(async () => {
    for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
    if (own) {
      await site?.stop();
      rmSync(own.dataDir, { recursive: true, force: true });
    }
    await verifier?.close();
    if (!process.env.VITRINE_TEST_QUEUE) await closeWorkerFixtures();
  });
  return {
    get site() {
      return site ?? fail("the site");
    },
    get browser() {
      return browser ?? fail("the browser");
    },
    get dataDir() {
      return own?.dataDir ?? fail("the data directory of a site of its own");
    },
    get verifier() {
      return verifier ?? fail("the verifier (SiteOptions verifier)");
    },
    async restart(env) {
      if (!own) throw new Error("useSite: only a spec's own site restarts (useSite(options))");
      await site?.stop();
      site = undefined;
      const started = await start(env ?? own.env);
      site = started;
      return started;
    },
    async write(write, env) {
      if (!own) throw new Error("useSite: only a spec's own site is written to (useSite(options))");
      await site?.stop();
      site = undefined;
      await writeWithServerFunctions(own.dataDir, write, { env: env ?? own.env });
      const started = await start(env ?? own.env);
      site = started;
      return started;
    },
  };
}

/** The server's settings for checking ages or identities at the demonstration verifier `at`. */
function verifierEnv(kind: "age" | "identity", at: DemoAgeVerifier): Record<string, string> {
  if (kind === "age") {
    return {
      AGE_ASSURANCE: "verifier",
      AGE_VERIFIER_ISSUER: at.issuer,
      AGE_VERIFIER_CLIENT_ID: at.clientId,
      AGE_VERIFIER_CLIENT_SECRET: at.clientSecret,
      AGE_VERIFIER_SCOPE: DEMO_AGE_VERIFIER.scope,
      AGE_VERIFIER_NAME: DEMO_AGE_VERIFIER.name,
    };
  }
  return {
    IDENTITY_VERIFIER_ISSUER: at.issuer,
    IDENTITY_VERIFIER_CLIENT_ID: at.clientId,
    IDENTITY_VERIFIER_CLIENT_SECRET: at.clientSecret,
    IDENTITY_VERIFIER_SCOPE: DEMO_IDENTITY_VERIFIER.scope,
    IDENTITY_VERIFIER_NAME: DEMO_IDENTITY_VERIFIER.name,
  };
}

/** The one registration payload (the server tests' own), for the specs that send it themselves. */
export { buildRegistration };

/**
 * The browser specs' fixtures, in the manner of epic-stack's tests/playwright-utils.ts: each person a spec needs is
 * made through the running site's own routes (registration, the e-mailed confirmation link, the admin's API),
 * never by writing the database, so a fixture reaches a state only the way the site lets a person reach it. What
 * they make lives in the site's data directory, removed with it by `site.stop()` (or by the spec that named the
 * directory in DATA_DIR); pages live in their own browser context, which the spec closes (`context.close()`).
 */

/**
 * Where an advertiser stands, each a state the visibility rule (apps/server/src/modules/models/visibility.ts) tells
 * apart:
 * - registered: the registration only; her e-mail unconfirmed, no plan, identity unchecked;
 * - confirmed: she opened the confirmation link the site e-mailed her;
 * - verified: confirmed, and the admin approved her identity (no plan yet);
 * - paid: confirmed, and the admin recorded a paid plan (30 days unless `dueInDays`); identity unchecked;
 * - public: confirmed, verified, paid and active: her profile answers the public API.
 */
export type AdvertiserState = "registered" | "confirmed" | "verified" | "paid" | "public";

export type Advertiser = {
  id: number;
  email: string;
  password: string;
  token: string;
  /** The registration as sent (username, name, city…). */
  registration: RegisterBody;
};

/** One JSON call to the site; any answer but 2xx throws with the status and body. */
export async function siteCall<T = unknown>(
  site: Site,
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(`${site.baseUrl}${pathname}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The admin's session token for `site`, signed in through both steps (password, then the authenticator's code),
 * once per data directory: every later call answers the same token, also after the site restarted on it (her
 * session is in its database), so specs do not spend the authenticator's 30-second steps on repeated sign-ins.
 */
const adminTokens = new Map<string, Promise<string>>();
export function adminToken(site: Site): Promise<string> {
  let token = adminTokens.get(site.dataDir);
  if (!token) {
    token = adminApiToken(site.baseUrl);
    adminTokens.set(site.dataDir, token);
    token.catch(() => adminTokens.delete(site.dataDir));
  }
  return token;
}

/** "YYYY-MM-DD" of today (UTC) plus `days`, as the admin's payment form sends a due date. */
export const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** She registers through the public route (`POST /api/auth/model/register`) with buildRegistration's payload. */
export async function registerAdvertiser(site: Site, overrides: Partial<RegisterBody> = {}): Promise<Advertiser> {
  const registration = buildRegistration(overrides);
  const { token, model } = await siteCall<{ token: string; model: { id: number } }>(
    site,
    "POST",
    "/api/auth/model/register",
    { body: registration },
  );
  return { id: model.id, email: registration.email, password: registration.password, token, registration };
}

/** The admin approves her identity (the admin's switch; the review itself is e2e/verification.spec.ts). */
export async function verifyIdentity(site: Site, who: { id: number }): Promise<void> {
  await siteCall(site, "PATCH", `/api/admin/models/${who.id}/status`, {
    body: { is_verified: true },
    token: await adminToken(site),
  });
}

/**
 * The admin records a paid plan for her, ending `dueInDays` from today (negative: a plan that already ended, as
 * one she did not renew).
 */
export async function payPlan(site: Site, who: { id: number }, dueInDays = 30): Promise<void> {
  await siteCall(site, "POST", `/api/admin/models/${who.id}/payments`, {
    body: { amount: 100, method: "cash", due_date: isoDate(dueInDays), status: "paid" },
    token: await adminToken(site),
  });
}

/**
 * An advertiser in `state` (see AdvertiserState), made through the site's routes. `registration` overrides fields
 * of the payload (her name, city, age…); `dueInDays` is how long her paid plan runs ("paid" and "public").
 */
export async function advertiser(
  site: Site,
  state: AdvertiserState,
  opts: { registration?: Partial<RegisterBody>; dueInDays?: number } = {},
): Promise<Advertiser> {
  const her = await registerAdvertiser(site, opts.registration);
  if (state === "registered") return her;
  await confirmEmail(site, her.email);
  if (state === "verified" || state === "public") await verifyIdentity(site, her);
  if (state === "paid" || state === "public") await payPlan(site, her, opts.dueInDays);
  if (state === "public") {
    await siteCall(site, "PATCH", `/api/admin/models/${her.id}/status`, {
      body: { is_active: true },
      token: await adminToken(site),
    });
    const res = await fetch(`${site.baseUrl}/api/models/public/${her.id}`);
    if (res.status !== 200) throw new Error(`advertiser ${her.id} is not public: ${res.status} ${await res.text()}`);
  }
  return her;
}

type Opened = { context: BrowserContext; page: Page; errors: string[] };

/** An adult visitor: a fresh context that already passed the age gate, with 60 s of patience. */
export async function visitorPage(browser: Browser, site: Site, opts: { mobile?: boolean } = {}): Promise<Opened> {
  const opened = await newPage(browser, site.baseUrl, { ...opts, ageConfirmed: true });
  opened.context.setDefaultTimeout(60_000);
  return opened;
}

/** The advertiser's own browser, signed in with her token (the "modelToken" the login screen keeps). */
export async function advertiserPage(
  browser: Browser,
  site: Site,
  who: { token: string },
  opts: { mobile?: boolean } = {},
): Promise<Opened> {
  const opened = await visitorPage(browser, site, opts);
  await opened.context.addInitScript((t) => window.localStorage.setItem("modelToken", t), who.token);
  return opened;
}

/**
 * The admin's browser on the dashboard: signed in through the admin login screen's two steps the first time on a
 * data directory (or whenever `throughScreen`), then as a device that kept her session (her token in its storage).
 * Each sign-in through the screen spends one of her authenticator's 30-second steps, each taken once, so signing in
 * for every page made most tests wait for a new step.
 */
const signedInThroughScreen = new Set<string>();
export async function adminPage(
  browser: Browser,
  site: Site,
  opts: { mobile?: boolean; throughScreen?: boolean } = {},
): Promise<Opened> {
  const opened = await visitorPage(browser, site, opts);
  if (opts.throughScreen || !signedInThroughScreen.has(site.dataDir)) {
    await signInAsAdmin(opened.page);
    signedInThroughScreen.add(site.dataDir);
    return opened;
  }
  const token = await adminToken(site);
  await visit(opened.page, "/admin/login");
  await opened.page.evaluate((t) => window.localStorage.setItem("token", t), token);
  await visit(opened.page, "/admin/dashboard");
  return opened;
}

/**
 * What no route can make — a date in the past, counters only visitors' traffic moves, sales of products since
 * deleted — written with the server's own test factories (apps/server/src/test/factories.ts: buildOrder,
 * updateModel, buildPayment…) on the app the server builds, never with SQL text. PGlite allows one process per
 * data directory, so this runs while no site runs on `dataDir` (useSite's `prepare` and `write` stop the site
 * first); `env` configures the app `write` gets. The server's modules are loaded only here (a dynamic import), not
 * by every spec that imports the fixtures.
 */
async function writeWithServerFunctions(
  dataDir: string,
  write: (app: FastifyInstance, database: Database) => Promise<void>,
  opts: { env?: Record<string, string> } = {},
): Promise<void> {
  const [{ buildApp }, { loadConfig }, { prepareDatabase }, { usePasswordHashCost }, { seedDataDir }] =
    await Promise.all([
      import("../apps/server/src/app"),
      import("../apps/server/src/config"),
      import("../apps/server/src/db/prepare"),
      import("../apps/server/src/lib/passwords"),
      import("../apps/server/src/test/prepared-data"),
    ]);
  await seedDataDir(dataDir);
  const config = loadConfig({
    ...opts.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  });
  usePasswordHashCost("test");
  const { database } = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  try {
    await write(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}
