import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ModelRow, models } from "../../db/schema";
import { notFound, unauthorized } from "../../lib/app-error";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Locks the model's row for the transaction, serialising changes to what it owns (photo cap, the one-primary
 * rule, product cap). An account deleted meanwhile (its deletion holds the same lock) is refused, so nothing is
 * added to it after its files were removed.
 */
export async function lockModel(tx: Tx, modelId: number): Promise<void> {
  const [row] = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
    .for("update");
  if (!row) throw unauthorized("Sessão inválida ou expirada. Faça login novamente.");
}

export const MODEL_NOT_FOUND = "Modelo não encontrada";

/**
 * Locks the model's row for an admin change (status, plan, payment, deletion) and answers it. A missing or deleted
 * model is 404 for the back-office: deleted models are never shown or changed there.
 */
export async function lockModelForAdmin(tx: Tx, modelId: number): Promise<ModelRow> {
  const [row] = await tx
    .select()
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
    .for("update");
  if (!row) throw notFound(MODEL_NOT_FOUND);
  return row;
}
