import type { OwnEventsTicketResponse } from "@vitrine/contracts";
import { api, ApiError } from "@/lib/api-client";
import { type ModelEvent, parseEvent } from "@/lib/model-events";
import { apiPaths } from "@/lib/paths";

// Apart from the visitors' stream (./model-events.ts, part of every page's first load): only her pages load this.

type Listener = (event: ModelEvent) => void;

/**
 * The signed-in advertiser's own stream (her payments, her visibility), which needs no visitor age pass: GET
 * /api/models/own-events, opened with a ticket her session asks for (POST /api/models/events/ticket, her bearer
 * token; valid a minute, it only opens her stream — the session token never goes into a URL). One EventSource
 * shared by every listener of her dashboard. The server ends it every few minutes and a dropped connection is
 * closed here at once, then opened again with a new ticket after the last id received (the server replays what
 * was missed, or says `refresh`), so the browser never retries with a spent ticket. A refused ticket (signed out,
 * an account that may not) stops it; a network failure tries again, waiting longer each time (at most 30 s).
 */
let own: { source: EventSource | null; lastEventId: string | null; failures: number } = {
  source: null,
  lastEventId: null,
  failures: 0,
};
const ownListeners = new Set<Listener>();
let ownTimer: ReturnType<typeof setTimeout> | null = null;
/** A ticket is being asked for. */
let ownAsking = false;
/** Bumped whenever the stream is stopped: a ticket answered after that opens nothing. */
let ownGeneration = 0;

function notifyOwn(event: ModelEvent) {
  for (const l of [...ownListeners]) l(event);
}

function scheduleOwn(delayMs: number) {
  if (ownTimer || ownAsking || own.source || ownListeners.size === 0) return;
  ownTimer = setTimeout(() => {
    ownTimer = null;
    void openOwn();
  }, delayMs);
}

async function openOwn(): Promise<void> {
  const generation = ownGeneration;
  let ticket: string;
  ownAsking = true;
  try {
    ticket = (
      await api.post<OwnEventsTicketResponse>(apiPaths.models.eventsTicket, undefined, {
        background: true,
        skipAuthRedirect: true,
      })
    ).ticket;
  } catch (err) {
    own.failures += 1;
    // Offline or a server failure: again later. Refused (signed out, an account that may not): her page's own
    // requests deal with the session, and the stream stays closed.
    const refused = err instanceof ApiError && err.isRefusal;
    ownAsking = false;
    if (generation !== ownGeneration) scheduleOwn(0);
    else if (!refused) scheduleOwn(Math.min(30_000, 1000 * 2 ** own.failures));
    return;
  }
  ownAsking = false;
  if (generation !== ownGeneration || own.source) {
    // Stopped, or started again, while the ticket was asked for: open for the listeners there are now, if any.
    scheduleOwn(0);
    return;
  }
  const after = own.lastEventId === null ? "" : `&after=${encodeURIComponent(own.lastEventId)}`;
  const source = new EventSource(`${apiPaths.models.ownEvents}?ticket=${encodeURIComponent(ticket)}${after}`);
  own.source = source;
  source.onopen = () => {
    own.failures = 0;
  };
  source.onmessage = (message) => {
    if (message.lastEventId) own.lastEventId = message.lastEventId;
    const event = parseEvent(message.data);
    if (event) notifyOwn(event);
  };
  source.addEventListener("refresh", (message) => {
    if (message.lastEventId) own.lastEventId = message.lastEventId;
    notifyOwn({ type: "model_status_updated" });
  });
  source.onerror = () => {
    // Ended by the server or dropped: a new ticket, rather than the browser's retry with this one.
    source.close();
    if (own.source === source) own.source = null;
    own.failures += 1;
    scheduleOwn(own.failures <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** own.failures));
  };
}

/**
 * Calls `listener` for each event of the signed-in advertiser's own stream (model_status_updated /
 * model_payment_updated of her model, or one without a model_id: "refresh"); returns the unsubscribe.
 */
export function subscribeOwnEvents(listener: Listener): () => void {
  if (typeof window === "undefined" || typeof EventSource === "undefined") return () => {};
  ownListeners.add(listener);
  // In a task of its own, as the visitors' stream (subscribers subscribe from effects, right after the page starts).
  scheduleOwn(0);
  return () => {
    ownListeners.delete(listener);
    if (ownListeners.size > 0) return;
    ownGeneration += 1;
    if (ownTimer) clearTimeout(ownTimer);
    ownTimer = null;
    own.source?.close();
    own = { source: null, lastEventId: own.lastEventId, failures: 0 };
  };
}
