import { createHash, randomBytes } from "node:crypto";
import { DIRECT_LOGIN_INVALID } from "@vitrine/contracts";
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { directLoginTokens, type ModelRow, models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";
import { recordAudit } from "../audit/service";
import { lockModelForAdmin } from "../models/lock-model";

/** How long a direct-login token may be exchanged. */
export const DIRECT_LOGIN_TTL = "5 minutes";

/** Only this hash is stored: a copy of the table opens no account. */
export function hashDirectLoginToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * An admin asks to enter a model's account: a random token (32 bytes, base64url) valid for 5 minutes and one use,
 * stored as its SHA-256 with the issuing admin. The model's spent and expired tokens are cleared on the way. One
 * audit row, in the same transaction. The token itself is answered once and never stored or logged.
 */
export async function issueDirectLoginToken(input: { db: Db; adminId: number; modelId: number }) {
  const { modelId, adminId } = input;
  return input.db.transaction(async (tx) => {
    await lockModelForAdmin(tx, modelId);
    await tx
      .delete(directLoginTokens)
      .where(
        and(
          eq(directLoginTokens.modelId, modelId),
          or(isNotNull(directLoginTokens.usedAt), lte(directLoginTokens.expiresAt, sql`now()`)),
        ),
      );
    const token = randomBytes(32).toString("base64url");
    const [row] = await tx
      .insert(directLoginTokens)
      .values({
        tokenHash: hashDirectLoginToken(token),
        modelId,
        adminId,
        expiresAt: sql`now() + ${DIRECT_LOGIN_TTL}::interval`,
      })
      .returning({ id: directLoginTokens.id, expiresAt: directLoginTokens.expiresAt });
    await recordAudit({
      db: tx,
      adminId,
      entry: {
        action: "direct_login.issue",
        target: { type: "model", id: modelId },
        changes: { token_id: row.id, expires_at: row.expiresAt.toISOString() },
      },
    });
    return { token, expiresAt: row.expiresAt };
  });
}

/**
 * Exchanges a direct-login token for the model's account, once: the token is marked used by the same statement
 * that checks it is unused and unexpired, so two exchanges racing cannot both win. A used, expired or unknown
 * token, a deleted model, or a token whose admin no longer exists → 401 "Token de login direto inválido ou
 * expirado". The use is written to the audit log under the issuing admin, in the same transaction.
 */
export async function exchangeDirectLoginToken({ db, token }: { db: Db; token: string }): Promise<ModelRow> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(directLoginTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(directLoginTokens.tokenHash, hashDirectLoginToken(token)),
          isNull(directLoginTokens.usedAt),
          gt(directLoginTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: directLoginTokens.id, modelId: directLoginTokens.modelId, adminId: directLoginTokens.adminId });
    if (!used || used.adminId === null) throw unauthorized(DIRECT_LOGIN_INVALID);
    const [model] = await tx
      .select()
      .from(models)
      .where(and(eq(models.id, used.modelId), isNull(models.deletedAt)));
    if (!model) throw unauthorized(DIRECT_LOGIN_INVALID);
    await recordAudit({
      db: tx,
      adminId: used.adminId,
      entry: { action: "direct_login.use", target: { type: "model", id: model.id }, changes: { token_id: used.id } },
    });
    return model;
  });
}
