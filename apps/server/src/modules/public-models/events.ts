import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/** Proxies drop idle connections after about a minute; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/models/events: a server-sent event stream relaying app.events, one JSON message per event
 * (`data: {"type":"model_status_updated","model_id":1}`). The reply is hijacked, so Fastify neither
 * serializes nor ends it; every open stream is ended when the app closes so that close() does not wait.
 */
export function registerEventStream(app: FastifyInstance, heartbeatMs = HEARTBEAT_MS): void {
  /** Ends each open stream (server side). */
  const open = new Set<() => void>();

  app.get("/events", { schema: { hide: true } }, (_request, reply) => {
    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
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
      // A client that went away leaves a half-closed socket that would hold app.close() for seconds.
      if (clientGone) res.destroy();
      else if (!res.writableEnded) res.end();
    };
    const end = () => release(false);
    open.add(end);
    // The response's close (not the request's) is the one that fires when the client goes away.
    res.on("close", () => release(true));
    res.on("error", () => release(true));
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
