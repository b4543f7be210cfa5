import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  path: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
};

export type LoadOptions = {
  baseUrl: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
};

/** A fixed path, or a function giving a new path per request (e.g. a random city each time). */
export type Target = { name: string; path: string | (() => string); warmup?: boolean };

function run(url: string, connections: number, duration: number, nextPath?: () => string) {
  return autocannon({
    url,
    connections,
    duration,
    pipelining: 1,
    ...(nextPath
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: nextPath() }),
            },
          ],
        }
      : {}),
  });
}

/** Warms the target up (caches, JIT, connection pool), then measures it. Latencies are milliseconds. */
export async function measure(target: Target, opts: LoadOptions): Promise<LoadResult> {
  const fixed = typeof target.path === "string" ? target.path : undefined;
  const nextPath = typeof target.path === "function" ? target.path : undefined;
  const url = `${opts.baseUrl}${fixed ?? "/"}`;
  if (opts.warmupSec > 0 && target.warmup !== false) await run(url, opts.connections, opts.warmupSec, nextPath);
  const result = await run(url, opts.connections, opts.durationSec, nextPath);
  return {
    name: target.name,
    path: fixed ?? `${nextPath?.()} (varia)`,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}
