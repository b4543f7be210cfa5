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
