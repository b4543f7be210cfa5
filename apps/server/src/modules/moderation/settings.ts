import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

/** The setting: how many distinct visitors' reports hide an item before any human looks (non-urgent categories). */
export const AUTO_HIDE_SETTING = "moderation_auto_hide_reports";
export const DEFAULT_AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_REPORTERS_MIN = 2;
export const AUTO_HIDE_REPORTERS_MAX = 50;

/** The number of distinct reporters that hides an item (the setting, or 3 when unset or out of range). */
export async function readAutoHideReporters(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingKey, AUTO_HIDE_SETTING));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= AUTO_HIDE_REPORTERS_MIN && value <= AUTO_HIDE_REPORTERS_MAX
    ? value
    : DEFAULT_AUTO_HIDE_REPORTERS;
}
