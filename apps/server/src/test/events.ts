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

/** The events `app` published while `fn` ran, without their ids. */
export async function eventsDuring(app: FastifyInstance, fn: () => Promise<unknown>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  const unsubscribe = app.events.subscribe((event) => events.push(withoutId(event)));
  try {
    await fn();
  } finally {
    unsubscribe();
  }
  return events;
}

/** Reads an event stream until `predicate` matches the text received so far, or fails after `timeoutMs`. */
export async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  predicate: (text: string) => boolean,
  timeoutMs = 5000,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!predicate(text)) {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out; got: ${JSON.stringify(text)}`)), deadline - Date.now()),
    );
    const { value, done } = await Promise.race([reader.read(), timeout]);
    if (done) throw new Error(`stream ended; got: ${JSON.stringify(text)}`);
    text += decoder.decode(value, { stream: true });
  }
  return text;
}
