import { MODEL_EVENT_TYPES, type ModelEventType } from "@vitrine/contracts";
import { publicApiPaths } from "@/lib/public-paths";

export type ModelEvent = { type: ModelEventType; model_id?: number };

type Listener = (event: ModelEvent) => void;

/**
 * The visitors' stream: one EventSource on GET /api/models/events (behind the age check) shared by every component that listens: opened with the first
 * subscriber, closed with the last. Nothing here runs at import time, so the module is safe to load on a server.
 *
 * Every event carries an id. A connection opens after the last id known — the one the server-rendered page's data
 * was read at, then the last one received — (`?after=`), and the browser reconnects after a drop with the last
 * one received (Last-Event-ID, by itself): the server replays what was missed, or, when it cannot, sends a
 * `refresh` event. Without any id (a page the server did not render), the connection opens with the public data
 * version, compared with the page's. Either way listeners then get one event without a model_id: "something may
 * have changed, refresh".
 */
let source: EventSource | null = null;
const listeners = new Set<Listener>();
/** The version the data on screen is known to be at (from the server-rendered page, then from the stream). */
let knownVersion: string | null = null;
/** The last event id the data on screen is known to follow (from the server-rendered page, then from the stream). */
let lastEventId: string | null = null;

/** The public data version the server rendered the page's data at. */
export function setPageDataVersion(version: string): void {
  knownVersion = version;
}

/** The last live-stream event id the server rendered the page's data after. */
export function setPageEventId(id: number): void {
  lastEventId = String(id);
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

/** A stream message's event, or null when it is none of ours (also read by ./own-events.ts). */
export function parseEvent(data: unknown): ModelEvent | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = JSON.parse(data) as Partial<ModelEvent>;
    return MODEL_EVENT_TYPES.includes(parsed.type as ModelEventType) ? (parsed as ModelEvent) : null;
  } catch {
    return null;
  }
}

function open(): EventSource {
  const after = lastEventId === null ? "" : `?after=${encodeURIComponent(lastEventId)}`;
  const opened = new EventSource(publicApiPaths.models.events + after);
  opened.onmessage = (message) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    const event = parseEvent(message.data);
    if (event) notify(event);
  };
  opened.addEventListener("refresh", (message) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    notify({ type: "model_status_updated" });
  });
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
  // are replayed after the id the connection opens with, or covered by its version.)
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
