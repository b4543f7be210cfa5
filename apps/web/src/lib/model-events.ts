import { MODEL_EVENT_TYPES, type ModelEventType } from "@vitrine/contracts";
import { apiPaths } from "@/lib/paths";

export type ModelEvent = { type: ModelEventType; model_id?: number };

type Listener = (event: ModelEvent) => void;

/**
 * One EventSource on GET /api/models/events shared by every component that listens: opened with the first
 * subscriber, closed with the last. Reconnecting after a drop is left to the browser (the server sends
 * `retry:`). Nothing here runs at import time, so the module is safe to load on a server.
 *
 * Each connection opens with the public data version. Events sent while no connection was open (before the
 * first one: a server-rendered page is on screen before its script runs; or during a drop) are not replayed,
 * so when that version differs from the one the page's data was read at, listeners get one event without a
 * model_id: "something may have changed, refresh".
 */
let source: EventSource | null = null;
const listeners = new Set<Listener>();
/** The version the data on screen is known to be at (from the server-rendered page, then from the stream). */
let knownVersion: string | null = null;

/** The public data version the server rendered the page's data at. */
export function setPageDataVersion(version: string): void {
  knownVersion = version;
}

function notify(event: ModelEvent) {
  for (const l of [...listeners]) l(event);
}

function parseVersion(data: unknown): string | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = JSON.parse(data) as { version?: unknown };
    return typeof parsed.version === "string" ? parsed.version : null;
  } catch {
    return null;
  }
}

function parseEvent(data: unknown): ModelEvent | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = JSON.parse(data) as Partial<ModelEvent>;
    return MODEL_EVENT_TYPES.includes(parsed.type as ModelEventType) ? (parsed as ModelEvent) : null;
  } catch {
    return null;
  }
}

function open(): EventSource {
  const opened = new EventSource(apiPaths.models.events);
  opened.onmessage = (message) => {
    const event = parseEvent(message.data);
    if (event) notify(event);
  };
  opened.addEventListener("version", (message) => {
    const version = parseVersion(message.data);
    if (!version) return;
    const missed = knownVersion !== null && knownVersion !== version;
    knownVersion = version;
    if (missed) notify({ type: "model_status_updated" });
  });
  return opened;
}

/** A connection about to open (in a task of its own, see below). */
let opening: ReturnType<typeof setTimeout> | null = null;

/** Calls `listener` for each model_status_updated / model_payment_updated message; returns the unsubscribe. */
export function subscribeModelEvents(listener: Listener): () => void {
  if (typeof window === "undefined" || typeof EventSource === "undefined") return () => {};
  listeners.add(listener);
  // Opened in a task of its own: starting a request holds a phone's main thread for several milliseconds, and
  // subscribers subscribe from effects, which run together right after the page starts. (Events sent meanwhile
  // are covered by the version the connection opens with.)
  if (!source && !opening) {
    opening = setTimeout(() => {
      opening = null;
      if (listeners.size > 0) source = open();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    if (opening) clearTimeout(opening);
    opening = null;
    source?.close();
    source = null;
  };
}
