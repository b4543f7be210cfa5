import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import type { ModelEvent } from "../../plugins/events";
import { isPubliclyVisible } from "./visibility";

/** Whether the public sees the model right now (no model: no). */
export async function isModelVisible({ db, modelId }: { db: Db; modelId: number | null }): Promise<boolean> {
  if (modelId === null) return false;
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), isPubliclyVisible()));
  return Boolean(row);
}

/** Whether the public saw a model before a change and sees her after it. */
export type VisibilityChange = { before: boolean; after: boolean };

/**
 * What the live stream is told of a change to a model. Nothing when the public saw her neither before nor after:
 * the stream is public and nothing about a hidden model may leak. Otherwise a payment change is
 * model_payment_updated, and any other change model_status_updated; a change that showed or hid her is
 * model_status_updated as well (open listings add or drop her), said first.
 */
export function modelChangeEvents(modelId: number, change: VisibilityChange & { payment?: boolean }): ModelEvent[] {
  if (!change.before && !change.after) return [];
  const events: ModelEvent[] = [];
  if (!change.payment || change.before !== change.after)
    events.push({ type: "model_status_updated", model_id: modelId });
  if (change.payment) events.push({ type: "model_payment_updated", model_id: modelId });
  return events;
}

/**
 * Tells the live stream that a model's public card, profile or payments changed (see modelChangeEvents), after
 * the change is committed. A state not given is read now (`before` defaults to `after`: most changes, a new photo
 * or a profile edit, do not change visibility). No model (a payment whose model is gone): nothing is said.
 */
export async function publishModelChange(
  app: FastifyInstance,
  modelId: number | null,
  states: Partial<VisibilityChange> & { payment?: boolean } = {},
): Promise<void> {
  if (modelId === null) return;
  const after = states.after ?? (await isModelVisible({ db: app.db, modelId }));
  const before = states.before ?? after;
  for (const event of modelChangeEvents(modelId, { before, after, payment: states.payment })) {
    app.events.publish(event);
  }
}
