import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  requestsPerSec: number;
  /** Median of the rounds' medians, in ms. */
  p50: number;
  /** Worst of the rounds' 99th percentiles, in ms (a conservative merge). */
  p99: number;
  /** Median of the rounds' 99th percentiles, in ms. */
  p99Median: number;
  /** Each round's 99th percentile, in ms, in order (the first round of a cold scenario is the coldest). */
  p99Slices: number[];
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

type Slice = autocannon.Result;

function run(target: Target, baseUrl: string, connections: number, duration: number): Promise<Slice> {
  const fixed = typeof target.path === "string" ? target.path : "/";
  const nextPath = typeof target.path === "function" ? target.path : undefined;
  return autocannon({
    url: `${baseUrl}${fixed}`,
    connections,
    duration,
    pipelining: 1,
    ...(nextPath ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: nextPath() }) }] } : {}),
  });
}

function merge(name: string, slices: Slice[]): LoadResult {
  const total = slices.reduce((sum, s) => sum + s.requests.total, 0);
  const seconds = slices.reduce((sum, s) => sum + s.duration, 0);
  const bytes = slices.reduce((sum, s) => sum + s.throughput.total, 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    name,
    requestsPerSec: total / seconds,
    p50: median(slices.map((s) => s.latency.p50)),
    p99: Math.max(...slices.map((s) => s.latency.p99)),
    p99Median: median(slices.map((s) => s.latency.p99)),
    p99Slices: slices.map((s) => s.latency.p99),
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slices.reduce((sum, s) => sum + s.errors + s.timeouts, 0),
    bytesPerResponse: total ? Math.round(bytes / total) : 0,
  };
}

/**
 * Measures a scenario and the ceiling in alternating slices (ceiling, scenario, ceiling, scenario…), so that a
 * machine whose background load drifts affects both alike. The scenario is warmed up first unless it opts out.
 */
export async function measurePair(
  target: Target,
  ceiling: Target,
  opts: { app: LoadOptions; ceilingBaseUrl: string; rounds: number },
): Promise<{ result: LoadResult; ceiling: LoadResult }> {
  const { app } = opts;
  if (app.warmupSec > 0 && target.warmup !== false) await run(target, app.baseUrl, app.connections, app.warmupSec);
  const slice = Math.max(1, Math.round(app.durationSec / opts.rounds));
  const appSlices: Slice[] = [];
  const ceilingSlices: Slice[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    ceilingSlices.push(await run(ceiling, opts.ceilingBaseUrl, app.connections, slice));
    appSlices.push(await run(target, app.baseUrl, app.connections, slice));
  }
  return { result: merge(target.name, appSlices), ceiling: merge(ceiling.name, ceilingSlices) };
}
