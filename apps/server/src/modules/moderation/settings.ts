import {
  AUTO_HIDE_REPORTERS_DEFAULT,
  AUTO_HIDE_REPORTERS_MAX,
  AUTO_HIDE_REPORTERS_MIN,
  AUTO_HIDE_SETTING,
} from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export { AUTO_HIDE_REPORTERS_MAX, AUTO_HIDE_REPORTERS_MIN, AUTO_HIDE_SETTING };

/**
 * How many urgent reports from distinct networks, within 24 hours, hide a profile before review (the setting, or 3
 * when unset or out of range; decision 057).
 */
export async function readAutoHideReporters(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingKey, AUTO_HIDE_SETTING));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= AUTO_HIDE_REPORTERS_MIN && value <= AUTO_HIDE_REPORTERS_MAX
    ? value
    : AUTO_HIDE_REPORTERS_DEFAULT;
}
