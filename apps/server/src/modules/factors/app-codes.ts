import QRCode from "qrcode";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { twoFactorSecrets } from "../../db/schema";
import { conflict } from "../../lib/app-error";
import { openFile, sealFile } from "../../lib/file-cipher";
import { spendRecoveryCode } from "./recovery-codes";
import { type FactorAccount, hasTwoFactor } from "./state";
import { newTotpSecret, totpStepOf, totpUri } from "./totp";

export const CODE_INVALID = "Código inválido ou já usado";

export const ofAccount = (account: FactorAccount) =>
  and(eq(twoFactorSecrets.accountKind, account.kind), eq(twoFactorSecrets.accountId, account.id));

const seal = (key: Buffer, secret: string) => sealFile(key, Buffer.from(secret, "utf8")).toString("base64");
const unseal = (key: Buffer, sealed: string) => openFile(key, Buffer.from(sealed, "base64")).toString("utf8");

export type TotpSetup = { secret: string; otpauthUri: string; qrDataUrl: string };

/**
 * Starts (or restarts) setting up the authenticator: a new secret, sealed, not yet confirmed. Refused (409) once
 * confirmed: a confirmed authenticator is never replaced silently.
 */
export async function beginTotpSetup(db: Db, key: Buffer, account: FactorAccount, label: string): Promise<TotpSetup> {
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
 * `confirmed` false: the first code of an app being set up, which confirms it.
 */
export async function spendTotpCode(db: Db, key: Buffer, account: FactorAccount, code: string, confirmed: boolean) {
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

/**
 * A code of her second step: a current TOTP code not used before, or an unused recovery code (then spent). Answers
 * whether it was accepted.
 */
export async function checkSecondStepCode(db: Db, key: Buffer, account: FactorAccount, code: string) {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) return spendTotpCode(db, key, account, typed, true);
  return (await spendRecoveryCode(db, account, typed)) && hasTwoFactor(db, account);
}
