import { type SecondStepMethod, TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { passkeys, settings, twoFactorSecrets } from "../../db/schema";
import { deriveFileKey } from "../../lib/file-cipher";

/** Whose factors: an admin or a model account. */
export type FactorAccount = { kind: "admin" | "model"; id: number };

/** The key sealing the TOTP secrets: TWO_FACTOR_KEY, or (outside production, where it is required) a derived one. */
export function twoFactorKey(config: Pick<Config, "twoFactorKey" | "jwtSecret">): Buffer {
  return config.twoFactorKey ?? deriveFileKey(config.jwtSecret, "vitrine:two-factor:v1");
}

export const TWO_FACTOR_MANDATORY = "A verificação em duas etapas é obrigatória para esta conta";

/** Whether an admin made two-step sign-in mandatory for advertisers (setting TWO_FACTOR_REQUIRED_SETTING). */
export async function twoFactorRequiredForModels(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingKey, TWO_FACTOR_REQUIRED_SETTING));
  return row?.value?.trim() === "true";
}

/** Whether two-step sign-in is mandatory for the account: every admin; advertisers when an admin requires it. */
export async function twoFactorMandatory(db: Db, account: FactorAccount): Promise<boolean> {
  return account.kind === "admin" || twoFactorRequiredForModels(db);
}

/** An account's second factors: a confirmed authenticator app (TOTP) and how many passkeys. */
export type TwoFactorState = { totp: boolean; passkeys: number; enabled: boolean };

/**
 * The one rule of "two-step sign-in is on": the account has a confirmed authenticator (TOTP) or at least one
 * passkey. Then a password sign-in takes a second step (a code of the app, a passkey, or a recovery code).
 */
export async function twoFactorState(db: Db, account: FactorAccount): Promise<TwoFactorState> {
  const [[secret], [keys]] = await Promise.all([
    db
      .select({ confirmedAt: twoFactorSecrets.confirmedAt })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.accountKind, account.kind), eq(twoFactorSecrets.accountId, account.id))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(and(eq(passkeys.accountKind, account.kind), eq(passkeys.accountId, account.id))),
  ]);
  const totp = Boolean(secret?.confirmedAt);
  const count = Number(keys?.count ?? 0);
  return { totp, passkeys: count, enabled: totp || count > 0 };
}

/** Whether the account signs in with a second step (twoFactorState's rule). */
export async function hasTwoFactor(db: Db, account: FactorAccount): Promise<boolean> {
  return (await twoFactorState(db, account)).enabled;
}

/**
 * The second step a first factor (a password) leads to: `verify` with the methods the account has (the app's code
 * when TOTP is set, a passkey when it has any, a recovery code always), `setup` where two-step sign-in is mandatory
 * and not on yet, or null (the session starts at once).
 */
export async function secondStepOf(
  db: Db,
  account: FactorAccount,
): Promise<{ purpose: "verify" | "setup"; methods: SecondStepMethod[] } | null> {
  const state = await twoFactorState(db, account);
  if (state.enabled) {
    const methods: SecondStepMethod[] = [];
    if (state.totp) methods.push("totp");
    if (state.passkeys > 0) methods.push("passkey");
    methods.push("recovery_code");
    return { purpose: "verify", methods };
  }
  return (await twoFactorMandatory(db, account)) ? { purpose: "setup", methods: [] } : null;
}
