import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { isPubliclyVisible } from "./visibility";

/** Whether the public sees the model right now. */
export async function isModelVisible({ db, modelId }: { db: Db; modelId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), isPubliclyVisible()));
  return Boolean(row);
}

/**
 * Tells the live stream that a model's public card or profile changed, so open listings and the public cache
 * refresh. It publishes when the public saw the model before the change or sees it after (a model becoming
 * hidden must vanish from open listings), and stays silent about a model hidden throughout: the stream is public
 * and nothing about a hidden model may leak. A state not given is read now (`before` defaults to `after`: most
 * changes, a new photo or a profile edit, do not change visibility).
 */
export async function publishModelChange(
  app: FastifyInstance,
  modelId: number,
  states: { before?: boolean; after?: boolean } = {},
): Promise<void> {
  const after = states.after ?? (await isModelVisible({ db: app.db, modelId }));
  const before = states.before ?? after;
  if (before || after) app.events.publish({ type: "model_status_updated", model_id: modelId });
}
