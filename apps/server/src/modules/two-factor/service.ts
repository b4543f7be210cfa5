import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
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

/** Whether the account signs in with a second step (its authenticator confirmed). */
export async function hasTwoFactor(db: Db, account: SessionAccount): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: twoFactorSecrets.confirmedAt })
    .from(twoFactorSecrets)
    .where(ofAccount(account));
  return Boolean(row?.confirmedAt);
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

/** Ten new recovery codes for an account with two-step sign-in on; the old ones stop working at once. */
export async function regenerateRecoveryCodes(db: Db, account: SessionAccount): Promise<string[]> {
  return db.transaction((tx) => newRecoveryCodes(tx, account));
}

/** Switches two-step sign-in off: the sealed secret and every recovery code are deleted. */
export async function removeTwoFactor(db: Db, account: SessionAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(codesOf(account));
    await tx.delete(twoFactorSecrets).where(ofAccount(account));
  });
}
