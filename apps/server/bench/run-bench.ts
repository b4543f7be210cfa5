import { loadavg } from "node:os";
import {
  benchDataFromEnv,
  describeDatabase,
  detectSsr,
  getJson,
  loadLine,
  log,
  prepareData,
  runBench,
  startBenchServer,
  startCeiling,
  stop,
} from "./harness";
import { type LoadOptions, type LoadResult, measurePair, type Target } from "./load";
import { LISTING_ORDERS, RECEIVES_AT } from "@vitrine/contracts";
import { createRandom } from "../src/demo/random";
import { describePageFaults } from "../../../scripts/machine.mjs";

/**
 * npm run bench: seeds DATABASE_URL (PostgreSQL) or PGlite (BENCH_DATA_DIR, default ./data-bench) with
 * 100,000 models in 2,000 cities, starts the real server as a child process, drives it with autocannon and
 * compares it with a bare node:http server sending a body of the same size (the ceiling), measured in slices
 * alternating with each scenario's (BENCH_ROUNDS, 5) so that both see the same background load. BENCH_ALL=1 adds three
 * scenarios; BENCH_ONLY=<regexp> keeps matching ones.
 * Knobs: BENCH_MODELS, BENCH_CITIES, BENCH_CONNECTIONS (32), BENCH_DURATION (10 s), BENCH_WARMUP (3 s),
 * BENCH_SERVER_NODE_ARGS (Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_WEB_DIST_DIR
 * (the built web app, default apps/web/dist when built: server-rendered pages are then measured if the server renders
 * them).
 */
const env = process.env;
const data = benchDataFromEnv(env);
const { databaseUrl, models, cities } = data;
const load: Omit<LoadOptions, "baseUrl"> = {
  connections: Number(env.BENCH_CONNECTIONS ?? 32),
  durationSec: Number(env.BENCH_DURATION ?? 10),
  warmupSec: Number(env.BENCH_WARMUP ?? 3),
};
/** Alternating slices per scenario: the scenario and the ceiling each run BENCH_DURATION seconds in total. */
const rounds = Number(env.BENCH_ROUNDS ?? 5);
const serverPort = Number(env.BENCH_PORT ?? 5098);
const ceilingPort = serverPort + 1;

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/** What a scenario must reach (PostgreSQL, 32 connections): worst-slice p99 and, for hits, a share of the ceiling. */
type Goal = { p99: number; ratio?: number };
type BenchTarget = Target & { goal: Goal };
type Pair = { result: LoadResult; ceiling: LoadResult; goal: Goal };

function printTable(pairs: Pair[]) {
  log("");
  log(
    `${"cenário".padEnd(32)} ${"req/s".padStart(8)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"p99 med".padStart(8)} ` +
      `${"teto".padStart(8)} ${"% teto".padStart(7)}  bytes`,
  );
  for (const { result: r, ceiling } of pairs) {
    const ratio = (100 * r.requestsPerSec) / ceiling.requestsPerSec;
    const bad = r.non2xx || r.errors ? `  (!) ${r.non2xx} não-2xx, ${r.errors} erros` : "";
    log(
      `${r.name.padEnd(32)} ${fmt(r.requestsPerSec)} ${fmt(r.p50, 1).slice(2)} ${fmt(r.p99, 1).slice(2)} ` +
        `${fmt(r.p99Median, 1)} ${fmt(ceiling.requestsPerSec)} ${fmt(ratio, 1).slice(1)}%  ${r.bytesPerResponse}${bad}`,
    );
  }
  log(`(ms; ${rounds} rodadas alternadas com o teto por cenário; p50 = mediana das rodadas, p99 = a pior rodada,`);
  log(" p99 med = mediana dos p99 das rodadas)");
  const ceilings = pairs.map((p) => p.ceiling);
  const avg = (f: (r: LoadResult) => number) => ceilings.reduce((sum, r) => sum + f(r), 0) / (ceilings.length || 1);
  log(
    `teto (média de ${ceilings.length} cenários): ${avg((r) => r.requestsPerSec).toFixed(0)} req/s, ` +
      `p99 ${avg((r) => r.p99).toFixed(1)} ms; carga da máquina (1/5/15 min): ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" / ")}`,
  );
}

function checkTargets(pairs: Pair[]) {
  log("");
  log(`metas (PostgreSQL, 32 conexões) — banco desta execução: ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
  for (const { result: r, ceiling, goal } of pairs) {
    const ratio = r.requestsPerSec / ceiling.requestsPerSec;
    const ok = r.p99 <= goal.p99 && (goal.ratio === undefined || ratio >= goal.ratio) && !r.non2xx && !r.errors;
    const rule = `p99 ≤ ${goal.p99} ms${goal.ratio === undefined ? "" : ` e ≥ ${goal.ratio * 100}% do teto`}`;
    log(`  ${ok ? "ok   " : "FALHA"} ${r.name}: ${rule}`);
  }
}

async function main() {
  log(
    `Vitrine bench: ${models} modelos, ${cities} cidades, ${load.connections} conexões, ${load.durationSec} s por cenário`,
  );
  log(`carga da máquina antes (1/5/15 min): ${loadLine()}`);
  log(describePageFaults());
  log(`banco: ${describeDatabase(data)}`);
  await prepareData(data);

  const baseUrl = `http://127.0.0.1:${serverPort}`;
  const server = await startBenchServer(data, serverPort);

  const { cities: withModels } = await getJson<{
    cities: { id: number; name: string; slug: string; models_count: number }[];
  }>(`${baseUrl}/api/cities`);
  const biggest = withModels.reduce((a, b) => (b.models_count > a.models_count ? b : a));
  const typical = [...withModels].sort((a, b) => a.models_count - b.models_count)[Math.floor(withModels.length / 2)];
  const page1Body = await (await fetch(`${baseUrl}/api/models/public?page=1&limit=20`)).text();
  const page1 = JSON.parse(page1Body) as { pagination: { pages: number; total: number } };
  const deepPage = Math.max(1, Math.floor(page1.pagination.pages / 2));
  const cityIds = withModels.map((c) => c.id);
  const random = createRandom(42);
  log(
    `visíveis: ${page1.pagination.total}; cidades com modelos: ${withModels.length}; maior: ${biggest.name} ` +
      `(${biggest.models_count}); típica: ${typical.name} (${typical.models_count}); página funda: ${deepPage}`,
  );

  // Profiles: one cached (a visible model on page 1), and visible models spread over cities for the misses.
  type Card = { id: number; slug: string; city_slug: string };
  const firstCards = (await getJson<{ models: Card[] }>(`${baseUrl}/api/models/public?page=1&limit=20`)).models;
  const profile = firstCards[0];
  const spread: Card[] = [];
  for (let i = 0; i < 40; i++) {
    const page = 1 + Math.floor((i * Math.ceil(page1.pagination.total / 50)) / 40);
    spread.push(...(await getJson<{ models: Card[] }>(`${baseUrl}/api/models/public?page=${page}&limit=50`)).models);
  }
  const profilePath = (card: Card) => `/cidade/${card.city_slug}/${card.slug}/${card.id}`;
  const citySlugs = withModels.map((c) => c.slug);
  const listingGoal: Goal = { p99: 25, ratio: 0.4 };
  /** One of several thousand filter combinations (ListingFiltersSchema's parameters), each option drawn at random. */
  const randomFilters = () => {
    const params = new URLSearchParams();
    const maybe = (p: number, key: string, value: () => string) =>
      void (random.int(1, 100) <= p && params.set(key, value()));
    maybe(40, "atende", () => random.pick(RECEIVES_AT));
    maybe(40, "preco_max", () => String(random.int(2, 8) * 50));
    maybe(25, "idade_min", () => String(random.int(18, 30)));
    maybe(25, "categoria", () => String(random.int(1, 3)));
    maybe(20, "servico", () => "massagem");
    maybe(20, "disponivel", () => "1");
    maybe(20, "com_fotos", () => "1");
    maybe(10, "bairro", () => "centro");
    params.set("ordem", random.pick(LISTING_ORDERS));
    return params.toString();
  };

  const targets: BenchTarget[] = [
    { name: "listagem página 1", path: "/api/models/public?page=1&limit=20", goal: listingGoal },
    {
      name: `listagem página ${deepPage} (funda)`,
      path: `/api/models/public?page=${deepPage}&limit=20`,
      goal: listingGoal,
    },
    {
      name: `cidade típica (${typical.models_count})`,
      path: `/api/models/public?city_id=${typical.id}&page=1`,
      goal: listingGoal,
    },
    {
      // Cold cache: no warm-up, a random city and page among 6,000 combinations on each request.
      name: "cidade aleatória, pág. 1-3, fria",
      path: () => `/api/models/public?city_id=${random.pick(cityIds)}&page=${random.int(1, 3)}`,
      warmup: false,
      goal: { p99: 25 },
    },
    {
      // Issue 30: the first page of a filter combination, cold (a random city and one of many combinations).
      name: "filtros, cidade aleatória, fria",
      path: () => `/api/models/public?city_id=${random.pick(cityIds)}&${randomFilters()}`,
      warmup: false,
      goal: { p99: 50 },
    },
    {
      name: "filtros, sem cidade, fria",
      path: () => `/api/models/public?${randomFilters()}`,
      warmup: false,
      goal: { p99: 50 },
    },
    { name: 'busca "juliana"', path: "/api/models/public?search=juliana", goal: listingGoal },
    { name: 'busca de cidades "sao"', path: "/api/cities/search?q=sao", goal: { p99: 10 } },
    // One visitor (one address): the view is counted once, then every read is a cache hit.
    { name: "perfil (cache)", path: `/api/models/public/${profile.id}`, goal: { p99: 10 } },
  ];
  const ssr = await detectSsr(baseUrl, typical);
  if (ssr) {
    targets.push(
      { name: "SSR cidade típica (cache)", path: `/cidade/${typical.slug}`, goal: { p99: 25, ratio: 0.4 } },
      { name: "SSR perfil (cache)", path: profilePath(profile), goal: { p99: 25, ratio: 0.4 } },
      {
        name: "SSR cidade aleatória, fria",
        path: () => `/cidade/${random.pick(citySlugs)}`,
        warmup: false,
        goal: { p99: 50 },
      },
      {
        name: `SSR perfil aleatório (${spread.length}), frio`,
        path: () => profilePath(random.pick(spread)),
        warmup: false,
        goal: { p99: 50 },
      },
    );
  } else {
    log("SSR: não disponível (GET /cidade/<slug> não devolve HTML com os nomes das modelos)");
  }
  if (env.BENCH_ALL === "1") {
    targets.push(
      {
        name: `cidade maior (${biggest.models_count})`,
        path: `/api/models/public?city_id=${biggest.id}&page=1`,
        goal: listingGoal,
      },
      { name: 'busca "sao paulo"', path: "/api/models/public?search=sao%20paulo", goal: listingGoal },
      { name: 'busca de cidades "campo gr"', path: "/api/cities/search?q=campo%20gr", goal: { p99: 10 } },
    );
  }
  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, "i") : null;
  // The ceiling runs right before each scenario, so both see the same background load on a shared machine.
  const ceiling = await startCeiling(ceilingPort, Buffer.byteLength(page1Body), load);
  const pairs: Pair[] = [];
  for (const target of targets.filter((t) => !only || only.test(t.name))) {
    // The ceiling answers the very bytes of one of this scenario's answers (HTML pages are much larger than JSON
    // pages, and costlier for the load generator to read than a filler of their size).
    const sample = typeof target.path === "string" ? target.path : target.path();
    const body = Buffer.from(await (await fetch(`${baseUrl}${sample}`)).arrayBuffer());
    const bodyName = `s${pairs.length}`;
    await ceiling.putBody(bodyName, body);
    const ceilingTarget: Target = { name: "teto: node:http corpo fixo", path: `/?body=${bodyName}` };
    const pair = {
      ...(await measurePair(target, ceilingTarget, {
        app: { ...load, baseUrl },
        ceilingBaseUrl: ceiling.baseUrl,
        rounds,
      })),
      goal: target.goal,
    };
    pairs.push(pair);
    log(
      `  ${pair.result.name}: ${pair.result.requestsPerSec.toFixed(0)} req/s, p50 ${pair.result.p50} ms, ` +
        `p99 ${pair.result.p99} ms (rodadas: ${pair.result.p99Slices.join(", ")}; teto ` +
        `${pair.ceiling.requestsPerSec.toFixed(0)} req/s, p99 ${pair.ceiling.p99} ms)`,
    );
  }
  await stop(server);
  await stop(ceiling.child);

  printTable(pairs);
  checkTargets(pairs);
}

runBench(main);
