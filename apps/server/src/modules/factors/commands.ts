import type { Db } from "../../db/client";
import { type PasskeyRow, type passkeys, twoFactorSecrets } from "../../db/schema";
import { conflict, forbidden } from "../../lib/app-error";
import { recordAudit } from "../audit/service";
import { notifySecurityChange, type SecurityChange } from "../mail/service";
import { beginTotpSetup, ofAccount, spendTotpCode, type TotpSetup } from "./app-codes";
import { newRecoveryCodes, recoveryCodesForNewFactor, removeRecoveryCodes } from "./recovery-codes";
import { type FactorAccount, hasTwoFactor, TWO_FACTOR_MANDATORY, twoFactorState } from "./state";
import { deletePasskey, insertPasskey } from "./webauthn";

/**
 * Each change of an account's second factors is one named command, run in the caller's transaction `tx`: the change,
 * an admin's audit row (an admin changes only her own factors, so she is the actor), and the security e-mail to her
 * (modules/mail), so that all three exist exactly when the change committed.
 */
async function record(
  tx: Db,
  account: FactorAccount,
  action: string,
  change: SecurityChange | null,
  details?: Record<string, unknown>,
) {
  if (account.kind === "admin") {
    const target = { type: "admin", id: account.id };
    await recordAudit({ db: tx, adminId: account.id, entry: { action, target, ...(details && { changes: details }) } });
  }
  if (change) await notifySecurityChange(tx, account, change);
}

/**
 * Confirms the authenticator app being set up with its first code: from then on sign-in takes a second step.
 * Answers the ten new recovery codes (shown once), or null when the code is wrong (then nothing is written).
 */
export async function enableTotp(tx: Db, key: Buffer, account: FactorAccount, code: string): Promise<string[] | null> {
  if (!(await spendTotpCode(tx, key, account, code, false))) return null;
  const codes = await newRecoveryCodes(tx, account);
  await record(tx, account, "two_factor.enable", "app_added");
  return codes;
}

/**
 * Forgets the authenticator app (its sealed secret). When no passkey remains, two-step sign-in is off and every
 * recovery code is deleted too; where it is mandatory that is refused (403), the last passkey having gone meanwhile.
 */
export async function removeTotp(tx: Db, account: FactorAccount, opts: { mandatory: boolean }): Promise<void> {
  await tx.delete(twoFactorSecrets).where(ofAccount(account));
  if (!(await hasTwoFactor(tx, account))) {
    if (opts.mandatory) throw forbidden(TWO_FACTOR_MANDATORY);
    await removeRecoveryCodes(tx, account);
  }
  await record(tx, account, "two_factor.remove_app", "app_removed");
}

/**
 * A new phone: the authenticator is forgotten and a new one begins its set-up, confirmed by enableTotp with its
 * first code (which also gives new recovery codes).
 */
export async function replaceTotp(tx: Db, key: Buffer, account: FactorAccount, label: string): Promise<TotpSetup> {
  await tx.delete(twoFactorSecrets).where(ofAccount(account));
  // Without a passkey two-step sign-in is off until the new app is confirmed (which brings new codes).
  if (!(await hasTwoFactor(tx, account))) await removeRecoveryCodes(tx, account);
  const setup = await beginTotpSetup(tx, key, account, label);
  await record(tx, account, "two_factor.replace", "app_removed");
  return setup;
}

/** Ten new recovery codes for an account with two-step sign-in on; the old ones stop working at once. */
export async function regenerateRecoveryCodes(tx: Db, account: FactorAccount): Promise<string[]> {
  const codes = await newRecoveryCodes(tx, account);
  await record(tx, account, "two_factor.recovery_codes", "recovery_codes");
  return codes;
}

/**
 * Keeps a verified passkey. Her first second factor brings recovery codes (shown once): `codes` "if-none" gives ten
 * when she has no unused one; "always" (a first set-up at sign-in) gives ten new ones.
 */
export async function addPasskey(
  tx: Db,
  values: typeof passkeys.$inferInsert & FactorAccountColumns,
  codes: "if-none" | "always",
): Promise<{ row: PasskeyRow; codes: string[] | undefined }> {
  const account: FactorAccount = { kind: values.accountKind, id: values.accountId };
  const row = await insertPasskey(tx, values);
  const recovery =
    codes === "always" ? await newRecoveryCodes(tx, account) : await recoveryCodesForNewFactor(tx, account);
  await record(tx, account, "passkey.add", "passkey_added", { name: row.name });
  return { row, codes: recovery };
}

type FactorAccountColumns = { accountKind: FactorAccount["kind"]; accountId: number };

/**
 * Removes one of her passkeys; null when it is not hers. `mayTurnOff`: whether it may be her last second factor
 * (then her recovery codes go too); otherwise a passkey that became the last meanwhile is refused (409).
 */
export async function removePasskey(
  tx: Db,
  account: FactorAccount,
  id: number,
  opts: { mayTurnOff: boolean },
): Promise<PasskeyRow | null> {
  const row = await deletePasskey(tx, account, id);
  if (!row) return null;
  const after = await twoFactorState(tx, account);
  if (!after.enabled && !opts.mayTurnOff) throw conflict("Suas chaves de acesso mudaram. Tente novamente.");
  if (!after.enabled) await removeRecoveryCodes(tx, account);
  await record(tx, account, "passkey.remove", "passkey_removed", { name: row.name });
  return row;
}
