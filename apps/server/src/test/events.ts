import type { FastifyInstance } from "fastify";
import { recordModelChange, type VisibilityChange } from "../modules/models/publish";
import { type ModelEvent, type RecordedEvent, recordEvents } from "../plugins/events";

/** Records `list` in a transaction of its own, as a change would, and delivers it on `app`. */
export async function raiseEvents(app: FastifyInstance, list: ModelEvent[]): Promise<void> {
  await app.db.transaction((tx) => recordEvents(tx, list));
  await app.events.deliver();
}

/** recordModelChange in a transaction of its own, then delivered on `app`. */
export async function raiseModelChange(
  app: FastifyInstance,
  modelId: number,
  states: Partial<VisibilityChange> & { payment?: boolean } = {},
): Promise<void> {
  await app.db.transaction((tx) => recordModelChange(tx, modelId, states));
  await app.events.deliver();
}

/** An event without its id, for comparing what was said. */
export const withoutId = ({ type, model_id }: RecordedEvent): ModelEvent => ({ type, model_id });
