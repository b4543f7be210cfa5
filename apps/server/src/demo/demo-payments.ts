import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

/** The access token the demo gives the local fake Mercado Pago (it accepts any non-empty token). */
export const DEMO_MP_ACCESS_TOKEN = "TEST-vitrine-demo";
/** The webhook secret shared by the demo site and its fake Mercado Pago. */
export const DEMO_MP_WEBHOOK_SECRET = "vitrine-demo-webhook-secret";

/**
 * Points the demo's payment settings at the fake Mercado Pago that `npm run demo` starts next to the site:
 * sandbox environment, the fake's token and the shared webhook secret, and a Pix key for the "PIX Manual" checkout
 * and the static QR codes when none is set. Set on every start, so the demo's payments always work end to end.
 */
export async function configureDemoPayments(db: Db): Promise<void> {
  const values: Record<string, string> = {
    mp_environment: "sandbox",
    mp_access_token_test: DEMO_MP_ACCESS_TOKEN,
    mp_webhook_secret: DEMO_MP_WEBHOOK_SECRET,
  };
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(settings)
      .values({ settingKey: key, settingValue: value })
      .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: value } });
  }
  const keys = await db
    .select()
    .from(settings)
    .where(inArray(settings.settingKey, ["pix_random", "pix_email", "pix_cpf", "pix_phone"]));
  if (!keys.some((k) => k.settingValue.trim() !== "")) {
    await db
      .insert(settings)
      .values({ settingKey: "pix_email", settingValue: "pix@vitrine.demo" })
      .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: sql`excluded.setting_value` } });
  }
}
