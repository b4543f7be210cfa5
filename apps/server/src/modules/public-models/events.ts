import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { rateLimited } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";
import { OWN_ONLY_EVENT_TYPES, type RecordedEvent } from "../../plugins/events";

/** Proxies drop idle connections after about a minute; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000;

const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
};

/** An event id as the stream hands them out (decimal, no sign, within Number's exact integers). */
const EVENT_ID = /^\d{1,15}$/;

const EventStreamQuerySchema = z.object({
  after: z.string().regex(EVENT_ID, "Identificador de evento inválido.").optional(),
});

/** The id a reconnecting browser resumes after (its Last-Event-ID header): null when absent, NaN when malformed. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  if (header === undefined) return null;
  return typeof header === "string" && EVENT_ID.test(header) ? Number(header) : NaN;
}

export type EventStreamOptions = {
  heartbeatMs?: number;
  /** Streams open at once from one address (an IPv6 /64); beyond it a 429. */
  maxPerIp: number;
  /** Streams open at once in all; beyond it a 429 too (each one holds a socket and a subscription). */
  maxTotal: number;
  /** The route's path within its scope ("/events"). */
  path?: string;
  /**
   * Who may open the stream and what reaches it: called before anything is written (an AppError refuses the
   * request with its status), it answers the filter of the events this caller receives. Without it, every event
   * for everyone (the visitors' stream, behind the age pass of its scope).
   */
  authorize?: (request: FastifyRequest) => Promise<(event: RecordedEvent) => boolean>;
  /**
   * The stream is ended after this long (the browser reconnects and is authorized again); none by default.
   * A stream authorized this way opens with no `version` event (it carries no public data).
   */
  maxLifetimeMs?: number;
  /** Extra query parameters the route accepts besides `after` (validated by `authorize`). */
  extraQuery?: z.ZodRawShape;
};

/**
 * GET /api/models/events: a server-sent event stream relaying app.events, one JSON message per event with its id
 * (`id: 42` / `data: {"type":"model_status_updated","model_id":1}`). Where it starts:
 * - after an event id — the browser's Last-Event-ID when it reconnects, else `?after=` (the last event id the
 *   server-rendered page was read at): the events after it are replayed from the table, then the live ones, none
 *   lost nor repeated; when they cannot all be replayed (an id unknown, older than the events kept, malformed in
 *   the header, or too far behind), a `refresh` event (`event: refresh`, with the id to resume after) says
 *   "refresh everything";
 * - with neither: opened by a `version` event carrying the public data version (`event: version` /
 *   `data: {"version":"2026-11-22:41"}`), which the page compares with the one its data was read at.
 * A malformed `after` is a 400. The reply is hijacked, so Fastify neither serializes nor ends it; every open
 * stream is ended when the app closes so that close() does not wait.
 */
export function registerEventStream(app: FastifyInstance, options: EventStreamOptions): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  /** Ends each open stream (server side). */
  const open = new Set<() => void>();
  /** Open streams per client address key. */
  const perAddress = new Map<string, number>();

  const querystring = options.extraQuery ? EventStreamQuerySchema.extend(options.extraQuery) : EventStreamQuerySchema;
  app.get(options.path ?? "/events", { schema: { hide: true, querystring } }, async (request, reply) => {
    const accepts = options.authorize ? await options.authorize(request) : null;
    // HEAD (which Fastify routes here too) gets the headers of a stream and no stream.
    if (request.method === "HEAD") return reply.code(200).headers(EVENT_STREAM_HEADERS).send();

    const address = clientAddressKey(request.ip);
    const fromAddress = perAddress.get(address) ?? 0;
    if (fromAddress >= options.maxPerIp) {
      throw rateLimited("Muitas conexões de atualização ao vivo deste endereço.");
    }
    if (open.size >= options.maxTotal) {
      throw rateLimited("Muitas conexões de atualização ao vivo no momento.");
    }
    perAddress.set(address, fromAddress + 1);

    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, {
      ...EVENT_STREAM_HEADERS,
      Connection: "keep-alive",
      // nginx would otherwise buffer the stream
      "X-Accel-Buffering": "no",
    });
    // Reconnect after 5 s if the connection drops; the comment flushes the headers at once.
    res.write("retry: 5000\n: connected\n\n");

    const lastEventId = lastEventIdOf(request.headers["last-event-id"]);
    const query = request.query as z.infer<typeof EventStreamQuerySchema>;
    const after = lastEventId ?? (query.after === undefined ? null : Number(query.after));
    /** The last event id written: an event is written once, in id order. */
    let sent = 0;
    const write = (event: RecordedEvent) => {
      if (event.id <= sent) return;
      sent = event.id;
      // An event not for this caller moves nothing but the id it resumes after. The public stream never relays
      // an event meant for the model's own stream; hers relays it under its public name.
      if (accepts ? !accepts(event) : OWN_ONLY_EVENT_TYPES.has(event.type)) return;
      const type = OWN_ONLY_EVENT_TYPES.has(event.type) ? "model_payment_updated" : event.type;
      res.write(`id: ${event.id}\ndata: ${JSON.stringify({ type, model_id: event.model_id })}\n\n`);
    };
    // Live events wait here while the missed ones are read (a resume); null once they are written as they come.
    let waiting: RecordedEvent[] | null = after === null ? null : [];
    const unsubscribe = app.events.subscribe((event) => {
      if (waiting) waiting.push(event);
      else write(event);
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), heartbeatMs);
    heartbeat.unref();
    const lifetime = options.maxLifetimeMs ? setTimeout(() => end(), options.maxLifetimeMs) : null;
    lifetime?.unref();

    let released = false;
    const release = (clientGone: boolean) => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      if (lifetime) clearTimeout(lifetime);
      unsubscribe();
      open.delete(end);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      // A client that went away leaves a half-closed socket that would hold app.close() for seconds.
      if (clientGone) res.destroy();
      else if (!res.writableEnded) res.end();
    };
    const end = () => release(false);
    open.add(end);
    // The response's close (not the request's) is the one that fires when the client goes away.
    res.on("close", () => release(true));
    res.on("error", () => release(true));
    if (after !== null) {
      // After the subscription, the events after `after` from the table: every later one reaches the subscription
      // (ids become visible in id order), and one both read and heard is written once.
      const resume = async () => {
        const missed = Number.isNaN(after) ? null : await app.events.since(after);
        if (released) return;
        if (missed) for (const event of missed) write(event);
        else {
          sent = Math.max(sent, await app.events.lastId());
          if (released) return;
          res.write(`id: ${sent}\nevent: refresh\ndata: {}\n\n`);
        }
        const heard = waiting ?? [];
        waiting = null;
        for (const event of heard) write(event);
      };
      resume().catch((err: unknown) => {
        request.log.warn({ err }, "events: resume not read");
        end();
      });
    } else if (!accepts) {
      // After the subscription, the public data version: a page whose data is older than it (an event went
      // out before this stream opened) refreshes itself. Its own event name keeps it out of the clients' message
      // handler.
      app.publicCache
        .currentVersion()
        .then((version) => {
          if (!released) res.write(`event: version\ndata: ${JSON.stringify({ version })}\n\n`);
        })
        .catch((err: unknown) => request.log.warn({ err }, "events: data version not read"));
    }
  });

  // preClose runs before the HTTP server waits for open connections; a stream left open would block close().
  app.addHook("preClose", (done) => {
    for (const end of [...open]) end();
    done();
  });
  app.addHook("onClose", async () => {
    for (const end of [...open]) end();
  });
}
