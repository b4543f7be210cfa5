import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/db/prepare";
import { createPageApi } from "../src/ssr/page-api";

/**
 * In-process timing of server-rendered page misses on the bench database (DATABASE_URL), one at a time:
 * random city pages rendered through the whole server (app.inject of the page), then the same split into the
 * page's data reads (the API calls the render makes, timed in its transport) and the React render (the rest of
 * the entry's render), with the CPU time per page. Usage:
 *   NODE_ENV=production DATABASE_URL=… node --import tsx apps/server/bench/profile-ssr.ts [N]
 * (production: the public cache checks the data version at most every 250 ms, as the bench's server does).
 * PROFILE_ONLY_MISSES=1 runs 4N more misses and counts the database's socket writes per page (for --cpu-prof).
 */
process.env.LOG_LEVEL = "warn";
const n = Number(process.argv[2] ?? 200);
const config = loadConfig();
const { database } = await prepareDatabase(config);
const app = await buildApp({ config, database });
await app.ready();

type Cities = { cities: { slug: string; id: number }[] };
const cities = (JSON.parse((await app.inject("/api/cities")).body) as Cities).cities;
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];

function report(label: string, times: number[], extra = "") {
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${label}: n=${times.length} mean ${mean.toFixed(2)} p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} ms${extra}`,
  );
}

async function timePages(label: string, urls: string[]) {
  const times: number[] = [];
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (const url of urls) {
    const t0 = performance.now();
    const res = await app.inject({ url, headers: { accept: "text/html" } });
    times.push(performance.now() - t0);
    bytes += res.rawPayload.length;
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / urls.length;
  report(label, times, `; CPU ${cpuMs.toFixed(2)} ms/page; ${Math.round(bytes / urls.length)} bytes`);
}

await timePages(
  "warm-up",
  Array.from({ length: 50 }, () => `/cidade/${pick(cities).slug}`),
);
await timePages(
  "page miss (random city, whole server)",
  Array.from({ length: n }, () => `/cidade/${pick(cities).slug}`),
);
if (process.env.PROFILE_ONLY_MISSES) {
  // Socket writes per page (the database's, as app.inject has no socket).
  const net = await import("node:net");
  let writes = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: unknown, ...args: unknown[]) {
    writes++;
    if (process.env.PROFILE_STACKS && writes % 50 === 0) console.log(new Error("write").stack);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  await timePages(
    "more misses",
    Array.from({ length: 4 * n }, () => `/cidade/${pick(cities).slug}`),
  );
  console.log(`socket writes per page: ${(writes / (4 * n)).toFixed(2)}`);
  await app.close();
  await database.close();
  process.exit(0);
}
await timePages(
  "page hit (one city)",
  Array.from({ length: n }, () => `/cidade/${cities[0].slug}`),
);
await timePages(
  "API city page 1 miss (random city)",
  Array.from({ length: n }, () => `/api/models/public?city_id=${pick(cities).id}&page=1&x=1`),
);

// The entry alone, with a transport that times each API read.
type Entry = {
  configure(o: { transport: (url: string) => Promise<{ status: number; body: unknown }> }): void;
  render(o: { url: string; origin: string; ageAccepted: boolean; dataVersion: string }): Promise<{ body: string }>;
};
const entryFile = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");
const entry = (await import(pathToFileURL(entryFile).href)) as Entry;
let dataMs = 0;
const pageApi = createPageApi(app);
const perPath = new Map<string, number[]>();
entry.configure({
  transport: async (url) => {
    const t0 = performance.now();
    const res = await pageApi(url);
    const ms = performance.now() - t0;
    dataMs += ms;
    const key = url
      .split("?")[0]
      .replace(/\/[^/]*\d[^/]*$/, "/:x")
      .replace(/by-slug\/.*/, "by-slug/:slug");
    perPath.set(key, [...(perPath.get(key) ?? []), ms]);
    return res;
  },
});
const total: number[] = [];
const data: number[] = [];
const rest: number[] = [];
const sizes: number[] = [];
for (let i = 0; i < n; i++) {
  dataMs = 0;
  const t0 = performance.now();
  const page = await entry.render({
    url: `/cidade/${pick(cities).slug}`,
    origin: "http://x",
    ageAccepted: false,
    dataVersion: "v",
  });
  const ms = performance.now() - t0;
  total.push(ms);
  data.push(dataMs);
  rest.push(ms - dataMs);
  sizes.push(page.body.length);
}
report("entry.render total", total, `; body ${Math.round(sizes.reduce((a, b) => a + b) / n)} chars`);
report("  of which data (API reads, ssr/page-api)", data);
report("  of which React render + dehydrate", rest);
for (const [key, times] of perPath) report(`    ${key}`, times);

// React render alone, data already in the caches: the same city many times.
const renderOnly: number[] = [];
const one = `/cidade/${cities[1].slug}`;
for (let i = 0; i < n; i++) {
  dataMs = 0;
  const t0 = performance.now();
  await entry.render({ url: one, origin: "http://x", ageAccepted: false, dataVersion: "v" });
  renderOnly.push(performance.now() - t0 - dataMs);
}
report("entry.render minus data, one cached city", renderOnly);
await app.close();
await database.close();
