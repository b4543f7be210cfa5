import { PUBLIC_SETTING_KEYS } from "@vitrine/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { plans, settings } from "../../db/schema";

/** The rows of the settings anyone may read (site name, contacts, footer text). */
export function listPublicSettings({ db }: { db: Db }) {
  return db
    .select()
    .from(settings)
    .where(inArray(settings.settingKey, [...PUBLIC_SETTING_KEYS]));
}

/** Active plans, cheapest first. */
export function listActivePlans({ db }: { db: Db }) {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.priceCents));
}

/**
 * The site's name and public address: site_url when it is an http(s) address (without a trailing slash), else ""
 * (callers then use the address the request came to); site_name, else "Vitrine".
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
