import type { Server } from "node:http";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import type { Config } from "../config";

type TimeoutSettings = Pick<
  Config,
  "requestTimeoutMs" | "headersTimeoutMs" | "connectionTimeoutMs" | "keepAliveTimeoutMs"
>;

/**
 * Fastify/Node options that drop clients holding a connection without finishing their request: headers must
 * arrive within headersTimeoutMs, the whole request within requestTimeoutMs, and a connection silent both ways
 * for connectionTimeoutMs is closed. Node checks the first two on a timer; it runs often enough that a limit is
 * overshot by at most a quarter of the headers timeout (and never more than 5 s).
 */
export function serverTimeouts(config: TimeoutSettings): FastifyHttpOptions<Server> {
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs || Infinity);
  return {
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(headersTimeout / 4))),
    },
  };
}

/**
 * Drops a request whose body arrives slower than `minBytesPerSecond`, measured over each `windowMs`: a client
 * trickling a byte every few seconds would otherwise hold its connection for the whole request timeout. Bytes
 * are counted on the socket, so the body stream is not touched. A window in which the server itself was not
 * reading (the request's buffer full, e.g. while the route waits) does not count against the client.
 */
export function registerBodyRateCheck(
  app: FastifyInstance,
  { minBytesPerSecond, windowMs }: { minBytesPerSecond: number; windowMs: number },
): void {
  if (minBytesPerSecond <= 0 || windowMs <= 0) return;
  const minBytesPerWindow = (minBytesPerSecond * windowMs) / 1000;
  app.addHook("onRequest", (request, _reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as { bytesRead?: number; destroy(): void } | undefined;
    const hasBody = Number(raw.headers["content-length"] ?? 0) > 0 || raw.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete || typeof socket?.bytesRead !== "number") return done();

    let lastBytes = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || raw.destroyed) return stop();
      const bytes = socket.bytesRead ?? lastBytes;
      const serverBusy = raw.readableLength >= raw.readableHighWaterMark;
      if (bytes - lastBytes < minBytesPerWindow && !serverBusy) {
        request.log.info({ bytes: bytes - lastBytes, windowMs }, "corpo da requisição lento demais: conexão encerrada");
        stop();
        socket.destroy();
        return;
      }
      lastBytes = bytes;
    }, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    raw.once("end", stop);
    raw.once("close", stop);
    done();
  });
}
