import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { twoFactorRecoveryCodes } from "../../db/schema";
import type { FactorAccount } from "./state";

export const RECOVERY_CODE_COUNT = 10;

const codesOf = (account: FactorAccount) =>
  and(eq(twoFactorRecoveryCodes.accountKind, account.kind), eq(twoFactorRecoveryCodes.accountId, account.id));

const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** Ten new recovery codes ("xxxxx-xxxxx", 50 random bits each) replacing the old ones; only hashes are kept. */
export async function newRecoveryCodes(db: Db, account: FactorAccount): Promise<string[]> {
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

/** Spends an unused recovery code of the account (it never works again); whether it was one. */
export async function spendRecoveryCode(db: Db, account: FactorAccount, code: string): Promise<boolean> {
  const [spent] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        codesOf(account),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(spent);
}

/** How many recovery codes remain unused. */
export async function recoveryCodesLeft(db: Db, account: FactorAccount): Promise<number> {
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
export async function recoveryCodesForNewFactor(db: Db, account: FactorAccount): Promise<string[] | undefined> {
  return (await recoveryCodesLeft(db, account)) > 0 ? undefined : newRecoveryCodes(db, account);
}

/** Deletes every recovery code of the account (two-step sign-in switched off). */
export async function removeRecoveryCodes(db: Db, account: FactorAccount): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(codesOf(account));
}
