import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { models } from "../../db/schema";
import { isPubliclyVisible } from "../models/visibility";

/**
 * Tells the live stream that a model's public card or profile changed. Only for a model the public can see:
 * the stream is public, and nothing about a hidden model may leak (DOMAIN.md).
 */
export async function publishIfVisible(app: FastifyInstance, modelId: number): Promise<void> {
  const [row] = await app.db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), isPubliclyVisible()));
  if (row) app.events.publish({ type: "model_status_updated", model_id: modelId });
}
