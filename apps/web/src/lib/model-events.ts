import { MODEL_EVENT_TYPES, type ModelEventType } from "@vitrine/contracts";
import { apiPaths } from "@/lib/paths";

export type ModelEvent = { type: ModelEventType; model_id?: number };

type Listener = (event: ModelEvent) => void;

/**
 * One EventSource on GET /api/models/events shared by every component that listens: opened with the first
 * subscriber, closed with the last. Reconnecting after a drop is left to the browser (the server sends
 * `retry:`). Nothing here runs at import time, so the module is safe to load on a server.
 */
let source: EventSource | null = null;
const listeners = new Set<Listener>();

function parseEvent(data: unknown): ModelEvent | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = JSON.parse(data) as Partial<ModelEvent>;
    return MODEL_EVENT_TYPES.includes(parsed.type as ModelEventType) ? (parsed as ModelEvent) : null;
  } catch {
    return null;
  }
}

/** Calls `listener` for each model_status_updated / model_payment_updated message; returns the unsubscribe. */
export function subscribeModelEvents(listener: Listener): () => void {
  if (typeof window === "undefined" || typeof EventSource === "undefined") return () => {};
  listeners.add(listener);
  if (!source) {
    source = new EventSource(apiPaths.models.events);
    source.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (event) for (const l of [...listeners]) l(event);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}
