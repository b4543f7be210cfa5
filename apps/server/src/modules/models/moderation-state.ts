import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Tx } from "./lock-model";

export const PHOTOS_FROZEN_MESSAGE =
  "Suas fotos estão retidas para a análise de uma denúncia e não podem ser excluídas agora.";
export const ACCOUNT_FROZEN_MESSAGE =
  "Esta conta tem uma denúncia urgente em análise: as fotos são mantidas como prova até a decisão.";
export const PHOTO_HIDDEN_BY_MODERATION_MESSAGE =
  "Esta foto foi ocultada pela moderação e não pode voltar a ser pública.";

/**
 * While an urgent report is open her photos are evidence: deleting one, or the account (which deletes them all),
 * is refused until an admin decides. Call it under the model's row lock, in the transaction of the deletion.
 */
export async function assertPhotosNotFrozen(db: Db | Tx, modelId: number, message = PHOTOS_FROZEN_MESSAGE) {
  const [row] = await db.select({ frozenAt: models.photosFrozenAt }).from(models).where(eq(models.id, modelId));
  if (row?.frozenAt) throw new AppError(403, "PHOTOS_FROZEN", message);
}

/** A photo hidden by moderation stays private: asking to publish it is refused. */
export function photoHiddenByModeration() {
  return new AppError(403, "FORBIDDEN", PHOTO_HIDDEN_BY_MODERATION_MESSAGE);
}
