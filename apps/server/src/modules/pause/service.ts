import { PAUSE_UNVERIFIED_MESSAGE } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { models } from "../../db/schema";
import { conflict } from "../../lib/app-error";
import { lockModel } from "../models/lock-model";
import { isModelVisible, recordModelChange } from "../models/publish";

/**
 * "Pausar anúncio" (paused true) or "Retomar" (false): sets or clears models.paused_at, which the public rule
 * (model_is_public, migration 0044) reads, so every public answer drops or shows her at once and the cache's
 * triggers touch her lists. Her plan is not touched: next_due_date keeps running while she is paused. Only an ad
 * whose identity was verified is paused (409 otherwise); pausing a paused ad or resuming a running one changes
 * nothing. Open public pages are told (model_status_updated) when the change showed or hid her.
 */
export async function setPaused(app: FastifyInstance, modelId: number, paused: boolean): Promise<Date | null> {
  const pausedAt = await app.db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const [row] = await tx
      .select({ pausedAt: models.pausedAt, isVerified: models.isVerified })
      .from(models)
      .where(eq(models.id, modelId));
    if (!row) throw conflict(PAUSE_UNVERIFIED_MESSAGE);
    if (paused === (row.pausedAt !== null)) return row.pausedAt;
    if (paused && !row.isVerified) throw conflict(PAUSE_UNVERIFIED_MESSAGE);
    const before = await isModelVisible({ db: tx, modelId });
    const next = paused ? new Date() : null;
    await tx.update(models).set({ pausedAt: next }).where(eq(models.id, modelId));
    await recordModelChange(tx, modelId, { before });
    return next;
  });
  await app.events.deliver();
  return pausedAt;
}
