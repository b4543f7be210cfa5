import type { RegisterBody } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../apps/server/src/db/client";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildRegistration } from "../apps/server/src/test/registration";
import { ADMIN, adminApiToken, confirmEmail, newPage, signInAsAdmin, type Site, startSite } from "./harness";

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
 * once per site: every later call answers the same token, so specs do not spend the authenticator's 30-second
 * steps on repeated sign-ins.
 */
const adminTokens = new WeakMap<Site, Promise<string>>();
export function adminToken(site: Site): Promise<string> {
  let token = adminTokens.get(site);
  if (!token) {
    token = adminApiToken(site.baseUrl);
    adminTokens.set(site, token);
    token.catch(() => adminTokens.delete(site));
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
 * site (or whenever `throughScreen`), then as a device that kept her session (her token in its storage). Each sign-in
 * through the screen spends one of her authenticator's 30-second steps, each taken once, so signing in for every page
 * made most tests wait for a new step.
 */
const signedInThroughScreen = new WeakSet<Site>();
export async function adminPage(
  browser: Browser,
  site: Site,
  opts: { mobile?: boolean; throughScreen?: boolean } = {},
): Promise<Opened> {
  const opened = await visitorPage(browser, site, opts);
  if (opts.throughScreen || !signedInThroughScreen.has(site)) {
    await signInAsAdmin(opened.page);
    signedInThroughScreen.add(site);
    return opened;
  }
  const token = await adminToken(site);
  await opened.page.goto("/admin/login");
  await opened.page.evaluate((t) => window.localStorage.setItem("token", t), token);
  await opened.page.goto("/admin/dashboard");
  return opened;
}

/**
 * What no route can make — a date in the past, counters only visitors' traffic moves, sales of products since
 * deleted — written with the server's own test factories (apps/server/src/test/factories.ts: buildOrder,
 * updateModel, buildPayment…) on the app the server builds, never with SQL text. PGlite allows one process per
 * data directory, so this runs while no site runs on `dataDir`: give a site started on it (`startSite({ DATA_DIR
 * })`) and it is stopped first and a new one started on the same directory (with `env`) after, which is answered
 * (`env` also configures the app `write` gets); without one the directory only gets the prepared database first, before the spec's site starts. The server's
 * modules are loaded only here (a dynamic import), not by every spec that imports the fixtures.
 */
export async function writeWithServerFunctions(
  dataDir: string,
  write: (app: FastifyInstance, database: Database) => Promise<void>,
  opts: { site?: Site; env?: Record<string, string> } = {},
): Promise<Site | undefined> {
  await opts.site?.stop();
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
  return opts.site ? startSite({ ...opts.env, DATA_DIR: dataDir }) : undefined;
}
