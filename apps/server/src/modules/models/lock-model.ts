import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";

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
