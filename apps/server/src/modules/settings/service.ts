import { PUBLIC_SETTING_KEYS, type PublicSettingsResponse } from "@vitrine/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { plans, settings } from "../../db/schema";
import { presentPublicSettings } from "./present";

/** The rows of the settings anyone may read (site name, contacts, footer text). */
function listPublicSettings({ db }: { db: Db }) {
  return db
    .select()
    .from(settings)
    .where(inArray(settings.settingKey, [...PUBLIC_SETTING_KEYS]));
}

/** The answer of GET /api/settings/public: every public setting, "" where none is stored. */
export async function getPublicSettings({ db }: { db: Db }): Promise<PublicSettingsResponse> {
  return { settings: presentPublicSettings(await listPublicSettings({ db })) };
}

/** Active plans, cheapest first. */
export function listActivePlans({ db }: { db: Db }) {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.priceCents));
}

/**
 * The site's name and public address: site_url when it is an http(s) address (without a trailing slash), else ""
 * (lib/public-origin.ts decides the origin from it and PUBLIC_URL); site_name, else "Vitrine".
 */
export async function loadSiteIdentity({ db }: { db: Db }): Promise<{ url: string; name: string }> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.settingKey, ["site_url", "site_name"]));
  const value = (key: string) => rows.find((r) => r.settingKey === key)?.settingValue.trim() ?? "";
  const url = value("site_url").replace(/\/+$/, "");
  return { url: /^https?:\/\/[^\s/]+/i.test(url) ? url : "", name: value("site_name") || "Vitrine" };
}

/** The site's public origin, and whether it was taken from the request (see publicOrigin). */
export type PublicOrigin = { origin: string; fromRequest: boolean };

export const PUBLIC_ORIGIN_MISSING =
  "Endereço público do site não configurado: defina PUBLIC_URL (ex.: https://vitrine.example) ou a configuração site_url";

/** The configured origin (PUBLIC_URL first, then site_url), or "" when neither is set. */
export async function configuredOrigin(app: FastifyInstance): Promise<string> {
  if (app.config.publicUrl) return app.config.publicUrl;
  // Settings move the public data version (migration 0012): the site's address is cached under it.
  const site = await app.publicCache.get("site-identity", () => loadSiteIdentity({ db: app.db }));
  return site.url;
}

/**
 * The site's public origin ("https://vitrine.example"), the one base of every absolute URL the server writes:
 * canonical and Open Graph links, robots.txt and the sitemap, Mercado Pago's back_urls and notification_url.
 * It comes from configuration only: PUBLIC_URL, else the site_url setting. The request's Host or
 * X-Forwarded-Host is used only where the configuration allows it (outside production, `requestHostFallback`)
 * and nothing is configured; `fromRequest` then tells the caller not to share what it builds with other hosts.
 */
export async function publicOrigin(app: FastifyInstance, request: FastifyRequest): Promise<PublicOrigin> {
  const configured = await configuredOrigin(app);
  if (configured) return { origin: configured, fromRequest: false };
  if (!app.config.requestHostFallback) throw new Error(PUBLIC_ORIGIN_MISSING);
  return { origin: `${request.protocol}://${request.host}`, fromRequest: true };
}

/** Start-up check: where the request's host may not be used (production), an origin must be configured. */
export async function assertPublicOriginConfigured(app: FastifyInstance): Promise<void> {
  if (!app.config.requestHostFallback && !(await configuredOrigin(app))) throw new Error(PUBLIC_ORIGIN_MISSING);
}
