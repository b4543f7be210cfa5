import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { rateLimited } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";

/** Proxies drop idle connections after about a minute; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000;

const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
};

export type EventStreamOptions = {
  heartbeatMs?: number;
  /** Streams open at once from one address (an IPv6 /64); beyond it a 429. */
  maxPerIp: number;
  /** Streams open at once in all; beyond it a 429 too (each one holds a socket and a subscription). */
  maxTotal: number;
};

/**
 * GET /api/models/events: a server-sent event stream relaying app.events, one JSON message per event
 * (`data: {"type":"model_status_updated","model_id":1}`), opened by a `version` event carrying the public data
 * version (`event: version` / `data: {"version":"2026-11-22:41"}`). The reply is hijacked, so Fastify neither
 * serializes nor ends it; every open stream is ended when the app closes so that close() does not wait.
 */
export function registerEventStream(app: FastifyInstance, options: EventStreamOptions): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  /** Ends each open stream (server side). */
  const open = new Set<() => void>();
  /** Open streams per client address key. */
  const perAddress = new Map<string, number>();

  app.get("/events", { schema: { hide: true } }, (request, reply) => {
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

    const unsubscribe = app.events.subscribe((event) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), heartbeatMs);
    heartbeat.unref();

    let released = false;
    const release = (clientGone: boolean) => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
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
    // After the subscription, the public data version: a page whose data is older than it (an event went
    // out before this stream opened, or while it was down) refreshes itself. Its own event name keeps it out of
    // the clients' message handler.
    app.publicCache
      .currentVersion()
      .then((version) => {
        if (!released) res.write(`event: version\ndata: ${JSON.stringify({ version })}\n\n`);
      })
      .catch((err: unknown) => request.log.warn({ err }, "events: data version not read"));
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
