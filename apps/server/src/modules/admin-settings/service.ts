import { isSecretSetting, maskSecret } from "@vitrine/contracts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import { conflict, isUniqueViolation, notFound, validationError } from "../../lib/app-error";
import { auditAdminChange } from "../audit/service";
import { checkSettingValue } from "./validate-setting";

/** Every setting row, in the order they were created (known keys first, then free rows). */
export function listSettings({ db }: { db: Db }) {
  return db.select().from(settings).orderBy(asc(settings.id));
}

/** What the audit log may show of a value: a secret only masked. */
const auditValue = (key: string, value: string) => (isSecretSetting(key) ? maskSecret(value) : value);

function checkedValue(key: string, raw: string): string {
  const checked = checkSettingValue(key, raw);
  if (!checked.ok) throw validationError([{ path: "value", message: checked.message }]);
  return checked.value;
}

/** Sets a setting's value, checked for its key (see checkSettingValue); one audit row with the masked values. */
export async function updateSetting(input: { db: Db; adminId: number; id: number; value: string }) {
  const { db, adminId, id } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.id, id)).for("update");
    if (!row) throw notFound("Configuração não encontrada");
    const value = checkedValue(row.settingKey, input.value);
    const [updated] = await tx.update(settings).set({ settingValue: value }).where(eq(settings.id, id)).returning();
    await auditAdminChange(tx, adminId, "setting.update", ["setting", id], {
      key: row.settingKey,
      from: auditValue(row.settingKey, row.settingValue),
      to: auditValue(row.settingKey, value),
    });
    return updated;
  });
}

const KEY_TAKEN = { path: "setting_key", message: "Já existe uma configuração com esta chave" };

/** Adds a key/value row; a key that exists → 409. A known key's value is checked as on update. */
export async function createSetting(input: { db: Db; adminId: number; key: string; value: string }) {
  const { db, adminId, key } = input;
  const value = checkedValue(key, input.value);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(settings)
        .values({ settingKey: key, settingValue: value })
        .onConflictDoNothing({ target: settings.settingKey })
        .returning();
      if (!row) throw conflict(KEY_TAKEN.message, [KEY_TAKEN]);
      await auditAdminChange(tx, adminId, "setting.create", ["setting", row.id], {
        key,
        value: auditValue(key, value),
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(KEY_TAKEN.message, [KEY_TAKEN]);
    throw err;
  }
}
