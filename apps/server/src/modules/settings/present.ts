import {
  PAYMENT_METHODS,
  PUBLIC_SETTING_KEYS,
  type PublicSettings,
  PERIOD_TYPES,
  type PeriodType,
  type PlanPaymentMethod,
  type PublicPlan,
} from "@vitrine/contracts";
import type { PlanRow, SettingRow } from "../../db/schema";
import { fromCents } from "../../lib/money";

export function presentPlan(row: PlanRow): PublicPlan {
  return {
    id: row.id,
    name: row.name,
    price: fromCents(row.priceCents),
    period_type: (PERIOD_TYPES as readonly string[]).includes(row.periodType)
      ? (row.periodType as PeriodType)
      : "monthly",
    highlight: row.highlight,
    payment_methods: row.paymentMethods.filter((m): m is PlanPaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  };
}

/** The public settings: every public key, an empty text where none is stored; never another key. */
export function presentPublicSettings(rows: SettingRow[]): PublicSettings {
  const values = new Map(rows.map((r) => [r.settingKey, r.settingValue]));
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, values.get(k) ?? ""])) as PublicSettings;
}
