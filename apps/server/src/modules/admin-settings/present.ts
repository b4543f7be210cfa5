import { type AdminSetting, isSecretSetting, maskSecret } from "@vitrine/contracts";
import type { SettingRow } from "../../db/schema";

/** A setting for the back-office: a secret's value only masked ("••••1234"), never in clear. */
export function presentAdminSetting(row: SettingRow): AdminSetting {
  const isSecret = isSecretSetting(row.settingKey);
  return {
    id: row.id,
    setting_key: row.settingKey,
    setting_value: isSecret ? maskSecret(row.settingValue) : row.settingValue,
    is_secret: isSecret,
  };
}
