import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { type ModelEvent, recordEvents } from "../../plugins/events";
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
 * What the live streams are told of a change to a model. Nothing public when the public saw her neither before
 * nor after: the public stream must not leak anything about a hidden model, so a payment of hers is
 * own_payment_updated, which only her own stream relays (her dashboard's "Pagamento confirmado"), and any other
 * change nothing. Otherwise a payment change is model_payment_updated, and any other change model_status_updated;
 * a change that showed or hid her is model_status_updated as well (open listings add or drop her), said first.
 */
export function modelChangeEvents(modelId: number, change: VisibilityChange & { payment?: boolean }): ModelEvent[] {
  if (!change.before && !change.after) {
    return change.payment ? [{ type: "own_payment_updated", model_id: modelId }] : [];
  }
  const events: ModelEvent[] = [];
  if (!change.payment || change.before !== change.after)
    events.push({ type: "model_status_updated", model_id: modelId });
  if (change.payment) events.push({ type: "model_payment_updated", model_id: modelId });
  return events;
}

/**
 * Records, in the transaction `tx` of a change to a model, what the live stream is told of it (modelChangeEvents;
 * see recordEvents: its last statement). A state not given is read in the transaction (`before` defaults to
 * `after`: most changes, a new photo or a profile edit, do not change visibility). No model (a payment whose
 * model is gone): nothing is said. After the commit, `app.events.deliver()` delivers it on this instance.
 */
export async function recordModelChange(
  tx: Db,
  modelId: number | null,
  states: Partial<VisibilityChange> & { payment?: boolean } = {},
): Promise<void> {
  if (modelId === null) return;
  const after = states.after ?? (await isModelVisible({ db: tx, modelId }));
  const before = states.before ?? after;
  await recordEvents(tx, modelChangeEvents(modelId, { before, after, payment: states.payment }));
}

/**
 * Runs `change` in a transaction that then records the model's change (recordModelChange), and delivers it
 * once committed: for changes made by a service that does not record it itself.
 */
export async function changeModel<T>(
  app: FastifyInstance,
  modelId: number,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  const value = await app.db.transaction(async (tx) => {
    const result = await change(tx);
    await recordModelChange(tx, modelId);
    return result;
  });
  await app.events.deliver();
  return value;
}
