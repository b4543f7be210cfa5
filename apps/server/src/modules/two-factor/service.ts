import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys, settings, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { type SecondStepMethod, TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { deriveFileKey, openFile, sealFile } from "../../lib/file-cipher";
import type { Config } from "../../config";
import { conflict } from "../../lib/app-error";
import type { SessionAccount } from "../sessions/service";
import { newTotpSecret, totpStepOf, totpUri } from "./totp";

export { CHALLENGE_INVALID, readChallenge, signChallenge } from "./challenge";

export const RECOVERY_CODE_COUNT = 10;

/** The key sealing the TOTP secrets: TWO_FACTOR_KEY, or (outside production, where it is required) a derived one. */
export function twoFactorKey(config: Pick<Config, "twoFactorKey" | "jwtSecret">): Buffer {
  return config.twoFactorKey ?? deriveFileKey(config.jwtSecret, "vitrine:two-factor:v1");
}

const ofAccount = (account: SessionAccount) =>
  and(eq(twoFactorSecrets.accountKind, account.kind), eq(twoFactorSecrets.accountId, account.id));
const codesOf = (account: SessionAccount) =>
  and(eq(twoFactorRecoveryCodes.accountKind, account.kind), eq(twoFactorRecoveryCodes.accountId, account.id));

const seal = (key: Buffer, secret: string) => sealFile(key, Buffer.from(secret, "utf8")).toString("base64");
const unseal = (key: Buffer, sealed: string) => openFile(key, Buffer.from(sealed, "base64")).toString("utf8");

/** Whether an admin made two-step sign-in mandatory for advertisers (setting TWO_FACTOR_REQUIRED_SETTING). */
export async function twoFactorRequiredForModels(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingKey, TWO_FACTOR_REQUIRED_SETTING));
  return row?.value?.trim() === "true";
}

export const TWO_FACTOR_MANDATORY = "A verificação em duas etapas é obrigatória para esta conta";

/** Whether two-step sign-in is mandatory for the account: every admin; advertisers when an admin requires it. */
export async function twoFactorMandatory(db: Db, account: SessionAccount): Promise<boolean> {
  return account.kind === "admin" || twoFactorRequiredForModels(db);
}

/** An account's second factors: a confirmed authenticator app (TOTP) and how many passkeys. */
export type TwoFactorState = { totp: boolean; passkeys: number; enabled: boolean };

/**
 * The one rule of "two-step sign-in is on": the account has a confirmed authenticator (TOTP) or at least one
 * passkey. Then a password sign-in takes a second step (a code of the app, a passkey, or a recovery code).
 */
export async function twoFactorState(db: Db, account: SessionAccount): Promise<TwoFactorState> {
  const [[secret], [keys]] = await Promise.all([
    db.select({ confirmedAt: twoFactorSecrets.confirmedAt }).from(twoFactorSecrets).where(ofAccount(account)),
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
export async function hasTwoFactor(db: Db, account: SessionAccount): Promise<boolean> {
  return (await twoFactorState(db, account)).enabled;
}

/**
 * The second step a right password leads to: `verify` with the methods the account has (the app's code when TOTP
 * is set, a passkey when it has any, a recovery code always), `setup` where two-step sign-in is mandatory and not
 * on yet, or null (the session starts at once).
 */
export async function secondStepOf(
  db: Db,
  account: SessionAccount,
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

/**
 * Starts (or restarts) setting up the authenticator: a new secret, sealed, not yet confirmed. Refused (409) once
 * confirmed: a confirmed authenticator is never replaced silently.
 */
export async function beginTotpSetup(
  db: Db,
  key: Buffer,
  account: SessionAccount,
  label: string,
): Promise<{ secret: string; otpauthUri: string; qrDataUrl: string }> {
  const secret = newTotpSecret();
  const [row] = await db
    .insert(twoFactorSecrets)
    .values({ accountKind: account.kind, accountId: account.id, secretSealed: seal(key, secret) })
    .onConflictDoUpdate({
      target: [twoFactorSecrets.accountKind, twoFactorSecrets.accountId],
      set: { secretSealed: seal(key, secret), lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ accountId: twoFactorSecrets.accountId });
  if (!row) throw conflict("A verificação em duas etapas já está ativada");
  const otpauthUri = totpUri(secret, label);
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secret, otpauthUri, qrDataUrl };
}

/**
 * Accepts a TOTP code once: the step it belongs to (±30 s) must be later than the last accepted step, and is
 * recorded by the same statement that checks it, so a code (or an older one) replayed, even concurrently, fails.
 */
async function spendTotpCode(db: Db, key: Buffer, account: SessionAccount, code: string, confirmed: boolean) {
  const [row] = await db.select().from(twoFactorSecrets).where(ofAccount(account));
  if (!row || Boolean(row.confirmedAt) !== confirmed) return false;
  const step = totpStepOf(unseal(key, row.secretSealed), code);
  if (step === null) return false;
  const [spent] = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step, ...(confirmed ? {} : { confirmedAt: sql`now()` }) })
    .where(
      and(
        ofAccount(account),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        confirmed ? isNotNull(twoFactorSecrets.confirmedAt) : isNull(twoFactorSecrets.confirmedAt),
      ),
    )
    .returning({ step: twoFactorSecrets.lastUsedStep });
  return Boolean(spent);
}

const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** Ten new recovery codes ("xxxxx-xxxxx", 50 random bits each) replacing the old ones; only hashes are kept. */
async function newRecoveryCodes(db: Db, account: SessionAccount): Promise<string[]> {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.delete(twoFactorRecoveryCodes).where(codesOf(account));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(
      codes.map((code) => ({ accountKind: account.kind, accountId: account.id, codeHash: hashRecoveryCode(code) })),
    );
  return codes;
}

/**
 * Confirms the authenticator being set up with its first code: from then on sign-in takes a second step. Answers
 * the ten recovery codes (shown once), or null when the code is wrong.
 */
export async function confirmTotpSetup(
  db: Db,
  key: Buffer,
  account: SessionAccount,
  code: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await spendTotpCode(tx, key, account, code, false))) return null;
    return newRecoveryCodes(tx, account);
  });
}

/**
 * The second step of a sign-in: a current TOTP code not used before, or an unused recovery code (then spent).
 * Answers whether it was accepted.
 */
export async function verifySecondStep(db: Db, key: Buffer, account: SessionAccount, code: string): Promise<boolean> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) return spendTotpCode(db, key, account, typed, true);
  const [spent] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        codesOf(account),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(typed)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(spent) && hasTwoFactor(db, account);
}

/** How many recovery codes remain unused. */
export async function recoveryCodesLeft(db: Db, account: SessionAccount): Promise<number> {
  const rows = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(codesOf(account), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows.length;
}

/**
 * An account that gets a second factor (a passkey) and has no unused recovery code gets ten, shown once (the
 * answer); undefined when she still has some.
 */
export async function recoveryCodesForNewFactor(db: Db, account: SessionAccount): Promise<string[] | undefined> {
  return (await recoveryCodesLeft(db, account)) > 0 ? undefined : newRecoveryCodes(db, account);
}

/** Deletes every recovery code of the account (two-step sign-in switched off). */
export async function removeRecoveryCodes(db: Db, account: SessionAccount): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(codesOf(account));
}

/** Ten new recovery codes for an account with two-step sign-in on; the old ones stop working at once. */
export async function regenerateRecoveryCodes(db: Db, account: SessionAccount): Promise<string[]> {
  return db.transaction((tx) => newRecoveryCodes(tx, account));
}

/**
 * Forgets the authenticator app (its sealed secret). When no passkey remains, two-step sign-in is off and every
 * recovery code is deleted too; with a passkey it stays on and the codes stay valid.
 */
export async function removeTotp(db: Db, account: SessionAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(ofAccount(account));
    if (!(await hasTwoFactor(tx, account))) await removeRecoveryCodes(tx, account);
  });
}
