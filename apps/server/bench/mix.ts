import { AVAILABILITY_STARTS_PER_DAY, LISTING_PAGE_SIZE, slugify } from "@vitrine/contracts";
import argon2 from "argon2";
import autocannon from "autocannon";
import { and, eq, like, sql } from "drizzle-orm";
import { models, municipios } from "../src/db/schema";
import { isPubliclyVisible } from "../src/modules/models/visibility";
import { createRandom } from "../src/demo/random";
import { describePageFaults } from "../../../scripts/machine.mjs";
import { DEFAULT_PUBLIC_CACHE_TTL_MS } from "../src/config";
import {
  benchDataFromEnv,
  describeDatabase,
  escapeHtml,
  getJson,
  loadLine,
  log,
  prepareData,
  runBench,
  startBenchServer,
  startCeiling,
  stop,
} from "./harness";

/**
 * npm run bench:mix — visitors and advertisers at once, on the bench data (seed.ts: 100,000 models, 2,000 cities).
 *
 * Visitors (BENCH_CONNECTIONS, 32, autocannon) ask server-rendered pages: a profile `/cidade/<city>/<model>/<id>`
 * (BENCH_MIX_PROFILE_SHARE, 1/3), a filtered city page `/cidade/<slug>?<filters>` (BENCH_MIX_FILTERED_SHARE, 1/3:
 * one of FILTER_CHOICES, the popular choices first, with a Zipf popularity) or else a plain city page
 * `/cidade/<slug>`. All follow a Zipf popularity (s = 1): cities ranked by their number of visible models, models
 * ranked by their city's rank and then their place on its first page (the models a city page shows; the popular
 * cities' models are the popular models). Besides, BENCH_MIX_BEACON_SHARE (0.25) of the requests are the pages'
 * analytics beacon (`POST /api/analytics/events`: the impressions of a city's first page and a click, as a page
 * view ends), each from its own visitor address (X-Forwarded-For, the server trusting the bench as its proxy): the
 * counting is on in every series. Beacons are not pages: the hit rate and the visibility samples leave them out.
 *
 * Advertisers edit their own profile through the real API (`PUT /api/models/profile`, her own bearer token) at
 * each rate of BENCH_MIX_RATES ("0,1,5,20" edits/s), BENCH_MIX_DURATION (30) seconds per rate: each edit writes a
 * new description (cards show it) on a model drawn with the same Zipf, so popular pages get edited; one model's
 * edits are sent one after the other, as one person would. A share of the edits (BENCH_MIX_LIST_SHARE, 1/3) change
 * what her city page lists or its order instead: "Disponível agora" on for an hour (`POST /api/models/availability`,
 * while she has starts left that day) or off again, or "Pausar anúncio" and "Retomar" (`POST`/`DELETE
 * /api/models/pause`), each model going back to where she was on her next such edit. Tokens come from the real sign-in
 * (`POST /api/auth/model/login`): the bench accounts get one password (BENCH_PASSWORD, under a cheap argon2id
 * hash) once, their e-mails are
 * confirmed by the seed, no two-step sign-in is on, and the server runs with a password budget large enough for
 * the sign-ins (AUTH_RATE_LIMIT, since they all come from 127.0.0.1).
 *
 * Each rate runs BENCH_MIX_ROUNDS (5) slices alternating with slices of the bare node:http ceiling answering the
 * very bytes of a city page and a profile in the same proportion (BENCH_MIX_CEILING seconds in all, 10; edits pause
 * meanwhile). About one edit per BENCH_MIX_SAMPLE_MS (1000) is followed: once the API answered, its city page and
 * its profile are read every 25 ms until they show it (or a later edit of hers), for at most 10 s.
 * Printed per rate: requests/s, p50/p95/p99 (over every request of the rate), the cache hit rate (`X-Cache`),
 * the ceiling and the time until an edit shows; then the targets at 5 edits/s. The exit code is 0 whatever the
 * figures. Other knobs: BENCH_MIX_WARMUP (60 s of visitors before the series: the steady state of a busy day, not the
 * first minute after a start), PUBLIC_CACHE_MAX_MB (1024, see cacheMb), BENCH_PORT (5096; the ceiling on the
 * next port), and those of harness.ts (DATABASE_URL, BENCH_DATA_DIR, BENCH_MODELS, BENCH_CITIES, BENCH_WEB_DIST_DIR,
 * BENCH_SERVER_NODE_ARGS).
 */
const env = process.env;
const data = benchDataFromEnv({ ...env, BENCH_DATA_DIR: env.BENCH_DATA_DIR ?? "./data-bench-mix" });
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const rates = (env.BENCH_MIX_RATES ?? "0,1,5,20").split(",").map(Number);
const durationSec = Number(env.BENCH_MIX_DURATION ?? 30);
const ceilingSec = Number(env.BENCH_MIX_CEILING ?? 10);
const rounds = Number(env.BENCH_MIX_ROUNDS ?? 5);
const warmupSec = Number(env.BENCH_MIX_WARMUP ?? 60);
/**
 * The server's public cache, in MB: the working set of this data (2,000 city pages of ~52 KB, 40,000 profile pages
 * of ~19 KB and their API bodies: about 1 GB), so the hit rate measures invalidation, not a cache too small for it.
 * PUBLIC_CACHE_MAX_MB (the server's own setting) overrides it; its default, 192, is measured in docs/benchmarks.md.
 */
const cacheMb = env.PUBLIC_CACHE_MAX_MB ?? "1024";
const profileShare = Number(env.BENCH_MIX_PROFILE_SHARE ?? 1 / 3);
const filteredShare = Number(env.BENCH_MIX_FILTERED_SHARE ?? 1 / 3);
const listShare = Number(env.BENCH_MIX_LIST_SHARE ?? 1 / 3);
const beaconShare = Number(env.BENCH_MIX_BEACON_SHARE ?? 0.25);
/** What visitors filter a city by, the most popular first (the page URL's own parameters, decision 074). */
const FILTER_CHOICES = [
  "disponivel=1",
  "ordem=menor_preco",
  "atende=hotel",
  "preco_max=200",
  "com_fotos=1&atende=local_proprio",
  "idade_max=25",
  "categoria=1&ordem=menor_preco",
  "atende=motel&preco_max=300",
  "servico=massagem",
  "ordem=mais_vistas",
  "bairro=centro",
  "atende=hotel,motel&disponivel=1",
];
const sampleMs = Number(env.BENCH_MIX_SAMPLE_MS ?? 1000);
const password = env.BENCH_PASSWORD ?? "bench-mix-senha-2026";
const serverPort = Number(env.BENCH_PORT ?? 5096);
const ceilingPort = serverPort + 1;
const baseUrl = `http://127.0.0.1:${serverPort}`;
/** Returning visitors: the self-declared age gate is accepted (pages then render without the gate over them). */
const VISITOR_HEADERS = { cookie: "age_ok=1", accept: "text/html" };
const POLL_MS = 25;
const VISIBLE_TIMEOUT_MS = 10_000;
/** The bench's cheap argon2id hashes (the seed's accounts have no usable password until the bench gives them one). */
const CHEAP_HASH_PREFIX = "$argon2id$v=19$m=1024,t=1,%";

const TARGETS = { rate: 5, hitRate: 0.95, p99Ms: 25, visibleMs: 2000, throughputShare: 0.8 };

type City = { id: number; slug: string; name: string; models_count: number };
type Card = { id: number; name: string; slug: string; city_slug: string };
type Kind = "city" | "filtered" | "profile" | "beacon";
type Visit = { path: string; kind: Kind; method?: "POST"; body?: string; headers?: Record<string, string> };

/** Zipf (s = 1) over ranks 0…n-1: rank k is drawn with a probability proportional to 1/(k+1). */
function zipf(n: number, next: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1);
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const quantile = (sorted: ArrayLike<number>, q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
const sortedOf = (values: number[]) => Float64Array.from(values).sort();
const profilePath = (card: Card) => `/cidade/${card.city_slug}/${card.slug}/${card.id}`;

/** Runs `fn` on up to `width` items at a time. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let index = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (index < items.length) await fn(items[index++]);
    }),
  );
}

/** One autocannon run; every response's time and X-Cache are handed to `record`. */
function drive(
  url: string,
  seconds: number,
  nextRequest: () => Visit,
  record?: (kind: Kind, ms: number, cache: string | undefined, status: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // autocannon hands a response's headers (onResponse) just before its time (the "response" event).
    const pendingCache: { kind: Kind; cache: string | undefined; status: number }[] = [];
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        headers: VISITOR_HEADERS,
        requests: [
          {
            setupRequest: (req: autocannon.Request, context: object) => {
              const next = nextRequest();
              (context as { kind?: Kind }).kind = next.kind;
              return next.method
                ? {
                    ...req,
                    path: next.path,
                    method: next.method,
                    body: next.body,
                    headers: { ...req.headers, ...next.headers },
                  }
                : { ...req, path: next.path };
            },
            onResponse: (status: number, _body: string, context: object, headers: autocannon.Request["headers"]) => {
              const h = (headers ?? {}) as Record<string, string | string[] | undefined>;
              const cache = h["x-cache"] ?? h["X-Cache"];
              pendingCache.push({ kind: (context as { kind: Kind }).kind, cache: cache?.toString(), status });
            },
          },
        ],
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      const seen = pendingCache.shift();
      if (seen) record?.(seen.kind, responseTime, seen.cache, seen.status);
    });
  });
}

type Sample = { cityMs: number; profileMs: number };

/** "Disponível agora" starts sent per model in this run (the server allows AVAILABILITY_STARTS_PER_DAY a day). */
const availabilityStarts = new Map<number, number>();

/** Edits through the real API at a given rate, one model's edits in order; some are followed until they show. */
class Editors {
  private seq = 0;
  private chains = new Map<number, Promise<void>>();
  private polls: Promise<void>[] = [];
  private lastSampleAt = 0;
  edits = 0;
  failed = 0;
  apiMs: number[] = [];
  samples: Sample[] = [];
  timeouts = 0;

  listEdits = 0;
  /** Per model, what her last list edit left on: her page goes back on her next one. */
  private readonly state = new Map<number, "available" | "paused">();
  private listDebt = 0;

  constructor(
    private readonly accounts: Map<number, { token: string; body: Record<string, unknown>; base: string }>,
    private readonly draw: () => Card,
  ) {}

  /** The list edit her next turn makes: undo the last one, else start "Disponível agora" while she may, else pause. */
  private nextListEdit(id: number): { method: string; path: string; body?: string } {
    const now = this.state.get(id);
    if (now === "available") {
      this.state.delete(id);
      return { method: "DELETE", path: "/api/models/availability" };
    }
    if (now === "paused") {
      this.state.delete(id);
      return { method: "DELETE", path: "/api/models/pause" };
    }
    const started = availabilityStarts.get(id) ?? 0;
    if (started < AVAILABILITY_STARTS_PER_DAY) {
      availabilityStarts.set(id, started + 1);
      this.state.set(id, "available");
      return { method: "POST", path: "/api/models/availability", body: JSON.stringify({ hours: 1 }) };
    }
    this.state.set(id, "paused");
    return { method: "POST", path: "/api/models/pause" };
  }

  /** Sends `rate` edits per second until the returned stop() is called (which waits for the edits in flight). */
  run(rate: number): () => Promise<void> {
    if (rate <= 0) return async () => {};
    const started = Date.now();
    let sent = 0;
    const timer = setInterval(
      () => {
        const due = Math.floor(((Date.now() - started) / 1000) * rate);
        for (; sent < due; sent++) this.editOne();
      },
      Math.max(5, Math.floor(1000 / rate / 2)),
    );
    return async () => {
      clearInterval(timer);
      await Promise.all(this.chains.values());
    };
  }

  /** Waits for the edits being followed. */
  async settle() {
    await Promise.all(this.polls);
    this.polls = [];
  }

  private editOne() {
    const card = this.draw();
    const account = this.accounts.get(card.id);
    if (!account) throw new Error(`sem token para a modelo ${card.id}`);
    // Exactly listShare of the edits, spread evenly.
    this.listDebt += listShare;
    if (this.listDebt >= 1) {
      this.listDebt -= 1;
      this.listEditOne(card, account.token);
      return;
    }
    const seq = ++this.seq;
    const marker = `e${card.id}n${seq}q`;
    const follow = Date.now() - this.lastSampleAt >= sampleMs;
    if (follow) this.lastSampleAt = Date.now();
    const previous = this.chains.get(card.id) ?? Promise.resolve();
    const chain = previous.then(async () => {
      const sentAt = performance.now();
      const res = await fetch(`${baseUrl}/api/models/profile`, {
        method: "PUT",
        headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
        body: JSON.stringify({ ...account.body, description: `Novidade ${marker}. ${account.base}` }),
      }).catch(() => null);
      const answeredAt = performance.now();
      this.apiMs.push(answeredAt - sentAt);
      if (!res?.ok) {
        this.failed++;
        if (this.failed <= 3) log(`  edição recusada: ${res?.status ?? "sem resposta"} ${await res?.text()}`);
        return;
      }
      await res.arrayBuffer();
      this.edits++;
      if (follow) this.polls.push(this.follow(card, seq, answeredAt));
    });
    this.chains.set(card.id, chain);
    void chain.finally(() => {
      if (this.chains.get(card.id) === chain) this.chains.delete(card.id);
    });
  }

  /** A list edit of hers, after her edits in flight. */
  private listEditOne(card: Card, token: string) {
    const previous = this.chains.get(card.id) ?? Promise.resolve();
    const chain = previous.then(async () => {
      const edit = this.nextListEdit(card.id);
      const sentAt = performance.now();
      const res = await fetch(`${baseUrl}${edit.path}`, {
        method: edit.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(edit.body ? { "content-type": "application/json" } : {}),
        },
        body: edit.body,
      }).catch(() => null);
      this.apiMs.push(performance.now() - sentAt);
      if (!res?.ok) {
        this.failed++;
        if (this.failed <= 3)
          log(`  edição recusada: ${edit.method} ${edit.path} ${res?.status ?? "sem resposta"} ${await res?.text()}`);
        return;
      }
      await res.arrayBuffer();
      this.edits++;
      this.listEdits++;
    });
    this.chains.set(card.id, chain);
    void chain.finally(() => {
      if (this.chains.get(card.id) === chain) this.chains.delete(card.id);
    });
  }

  /** Puts every model back as she was before the series (available ended, paused resumed). */
  async restore() {
    await Promise.all(this.chains.values());
    await eachLimited([...this.state.keys()], 4, async (id) => {
      const account = this.accounts.get(id);
      const edit = this.nextListEdit(id);
      if (account)
        await fetch(`${baseUrl}${edit.path}`, {
          method: edit.method,
          headers: { authorization: `Bearer ${account.token}` },
        });
    });
  }

  /** Reads the city page and the profile until each shows this edit or a later one of hers. */
  private async follow(card: Card, seq: number, answeredAt: number) {
    const pattern = new RegExp(`e${card.id}n(\\d+)q`, "g");
    const shows = (html: string) => [...html.matchAll(pattern)].some((m) => Number(m[1]) >= seq);
    const until = async (path: string) => {
      while (performance.now() - answeredAt < VISIBLE_TIMEOUT_MS) {
        const res = await fetch(`${baseUrl}${path}`, { headers: VISITOR_HEADERS }).catch(() => null);
        if (res && shows(await res.text())) return performance.now() - answeredAt;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      return Infinity;
    };
    const [cityMs, profileMs] = await Promise.all([until(`/cidade/${card.city_slug}`), until(profilePath(card))]);
    if (cityMs === Infinity || profileMs === Infinity) this.timeouts++;
    this.samples.push({ cityMs, profileMs });
  }
}

type RateResult = {
  rate: number;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  hits: number;
  misses: number;
  byKind: Record<Kind, { hits: number; total: number }>;
  bad: number;
  ceilingPerSec: number;
  ceilingP99: number;
  editsPerSec: number;
  listEdits: number;
  editFailures: number;
  editApiP50: number;
  editApiP99: number;
  samples: Sample[];
  timeouts: number;
};

async function main() {
  log(
    `Vitrine bench:mix: ${data.models} modelos, ${data.cities} cidades, ${connections} conexões, edições/s ${rates.join(", ")}, ` +
      `${durationSec} s por taxa (${rounds} fatias alternadas com ${ceilingSec} s do teto)`,
  );
  log(
    `cache público do servidor: ${cacheMb} MB (PUBLIC_CACHE_MAX_MB), contadores com até ` +
      `${Number(env.PUBLIC_CACHE_TTL_MS || DEFAULT_PUBLIC_CACHE_TTL_MS) / 1000} s de atraso (PUBLIC_CACHE_TTL_MS)`,
  );
  log(`carga da máquina antes (1/5/15 min): ${loadLine()}`);
  log(describePageFaults());
  log(`banco: ${describeDatabase(data)}`);
  const usernames = new Map<number, string>();
  const firstPages = new Map<number, Card[]>();
  await prepareData(data, async ({ db }) => {
    // One password for every bench account, set once, so they can sign in through the real route. Its argon2id
    // hash is a cheap one (1 MiB, one pass; the app's own hashes cost 64 MiB and three), which the route verifies
    // the same way (the parameters travel in the hash): hundreds of sign-ins then take seconds, not minutes.
    const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 });
    await db.execute(
      sql`update models set password_hash = ${hash} where username like 'bench%' and password_hash not like ${CHEAP_HASH_PREFIX}`,
    );
    // The cards of each city's first page: the visible models in the listing's order (checked against the API
    // below), read here in one query rather than 2,000 requests.
    const rows = await db
      .select({
        id: models.id,
        username: models.username,
        name: models.name,
        cityId: municipios.id,
        citySlug: municipios.slug,
        place: sql<number>`row_number() over (partition by ${models.municipioId}
          order by ${models.isFeatured} desc, coalesce(${models.availableUntil} > now(), false) desc, ${models.id} desc)`,
      })
      .from(models)
      .innerJoin(municipios, eq(municipios.id, models.municipioId))
      .where(and(isPubliclyVisible(), like(models.username, "bench%")));
    rows.sort((a, b) => Number(a.place) - Number(b.place));
    for (const row of rows) {
      if (Number(row.place) > LISTING_PAGE_SIZE) continue;
      usernames.set(row.id, row.username);
      const card = { id: row.id, name: row.name, slug: slugify(row.name) || "modelo", city_slug: row.citySlug };
      const page = firstPages.get(row.cityId) ?? [];
      page.push(card);
      firstPages.set(row.cityId, page);
    }
  });

  const server = await startBenchServer(data, serverPort, {
    // Every sign-in of the bench comes from 127.0.0.1: the per-network password budget must let them through.
    AUTH_RATE_LIMIT: env.AUTH_RATE_LIMIT ?? "1000000",
    // The beacons carry their visitor's address the way nginx does in production.
    TRUST_PROXY: env.TRUST_PROXY ?? "true",
    PUBLIC_CACHE_MAX_MB: cacheMb,
  });

  // Cities by popularity (their number of visible models, as the site counts them).
  const { cities } = await getJson<{ cities: City[] }>(`${baseUrl}/api/cities`);
  const ranked = cities
    .filter((c) => c.models_count > 0)
    .sort((a, b) => b.models_count - a.models_count || a.id - b.id);
  const universe = ranked.flatMap((c) => firstPages.get(c.id) ?? []);
  log(`cidades com modelos: ${ranked.length}; modelos nas primeiras páginas: ${universe.length}`);

  // The first pages read from the database are the API's, and the pages really show them: the top city's page
  // carries every card of its first page (the first screen drawn, all of them in its state), a profile her name.
  const top = ranked[0];
  const topCards = firstPages.get(top.id) ?? [];
  const apiCards = (await getJson<{ models: Card[] }>(`${baseUrl}/api/models/public?city_id=${top.id}`)).models;
  const order = (cards: Card[]) => cards.map((c) => `${c.id}:${c.slug}:${c.city_slug}`).join(",");
  if (order(apiCards) !== order(topCards)) {
    throw new Error(`a primeira página de ${top.slug} lida do banco não é a da API (featured primeiro?)`);
  }
  const topHtml = await (await fetch(`${baseUrl}/cidade/${top.slug}`, { headers: VISITOR_HEADERS })).text();
  const missing = topCards.filter((m) => !topHtml.includes(`"id":${m.id},`));
  const topProfile = await fetch(`${baseUrl}${profilePath(universe[0])}`, { headers: VISITOR_HEADERS });
  const topProfileHtml = await topProfile.text();
  if (missing.length || !topProfile.ok || !topProfileHtml.includes(escapeHtml(universe[0].name))) {
    throw new Error(
      `as páginas não mostram as modelos (${missing.length} cartões ausentes de /cidade/${top.slug}, perfil ` +
        `${topProfile.status}): o servidor precisa do app web construído (npm run build)`,
    );
  }

  const random = createRandom(21);
  const cityRank = zipf(ranked.length, random.next);
  const modelRank = zipf(universe.length, random.next);
  const filterRank = zipf(FILTER_CHOICES.length, random.next);
  const beacon = (): Visit => {
    const cards = firstPages.get(ranked[cityRank()].id) ?? [];
    const address = `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
    return {
      path: "/api/analytics/events",
      kind: "beacon",
      method: "POST",
      body: JSON.stringify({ impressions: cards.map((c) => c.id), card_clicks: cards.slice(0, 1).map((c) => c.id) }),
      headers: { "content-type": "application/json", "x-forwarded-for": address },
    };
  };
  const visitor = (): Visit => {
    if (random.next() < beaconShare) return beacon();
    const draw = random.next();
    if (draw < profileShare) return { path: profilePath(universe[modelRank()]), kind: "profile" };
    const city = `/cidade/${ranked[cityRank()].slug}`;
    return draw < profileShare + filteredShare
      ? { path: `${city}?${FILTER_CHOICES[filterRank()]}`, kind: "filtered" }
      : { path: city, kind: "city" };
  };

  // The models that will edit: the whole series drawn ahead, so each signs in once, before any measurement.
  const editRandom = createRandom(2121);
  const editRank = zipf(universe.length, editRandom.next);
  const plannedEdits = rates.reduce((sum, r) => sum + Math.ceil(r * durationSec * 1.1), 0);
  const schedule = Array.from({ length: plannedEdits }, () => universe[editRank()]);
  const editors = [...new Map(schedule.map((c) => [c.id, c])).values()];
  const accounts = new Map<number, { token: string; body: Record<string, unknown>; base: string }>();
  const signInStarted = Date.now();
  await eachLimited(editors, 2, async (card) => {
    const username = usernames.get(card.id);
    if (!username) throw new Error(`modelo ${card.id} não é do benchmark`);
    const login = await getJson<{ token?: string; two_factor?: string }>(`${baseUrl}/api/auth/model/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: username, password }),
    });
    if (!login.token) throw new Error(`entrada de ${username} pede a segunda etapa (${login.two_factor})`);
    const { model } = await getJson<{ model: Record<string, unknown> & { description: string } }>(
      `${baseUrl}/api/models/profile`,
      { headers: { authorization: `Bearer ${login.token}` } },
    );
    const body = {
      name: model.name,
      age: model.age,
      estado_id: model.estado_id,
      municipio_id: model.municipio_id,
      category_id: model.category_id,
    };
    // A description left by an earlier run keeps only its own text.
    const base = model.description.replace(/^Novidade e\d+n\d+q\. /, "");
    accounts.set(card.id, { token: login.token, body, base });
  });
  log(
    `${editors.length} modelos entraram pela rota de login em ${((Date.now() - signInStarted) / 1000).toFixed(1)} s ` +
      `(${plannedEdits} edições sorteadas)`,
  );
  let planned = 0;
  const nextEditor = () => schedule[planned++ % schedule.length];

  // The ceiling answers the very bytes of a city page, a filtered one and a profile, in the visitors' proportion.
  const ceiling = await startCeiling(ceilingPort, Buffer.byteLength(topHtml), { connections });
  await ceiling.putBody("city", Buffer.from(topHtml));
  const topFiltered = `/cidade/${top.slug}?${FILTER_CHOICES[0]}`;
  await ceiling.putBody(
    "filtered",
    Buffer.from(await (await fetch(`${baseUrl}${topFiltered}`, { headers: VISITOR_HEADERS })).arrayBuffer()),
  );
  await ceiling.putBody("profile", Buffer.from(topProfileHtml));
  await ceiling.putBody("beacon", Buffer.alloc(0));
  const ceilingRequest = (): Visit => {
    if (random.next() < beaconShare) return { path: "/?body=beacon", kind: "beacon" };
    const draw = random.next();
    if (draw < profileShare) return { path: "/?body=profile", kind: "profile" };
    return draw < profileShare + filteredShare
      ? { path: "/?body=filtered", kind: "filtered" }
      : { path: "/?body=city", kind: "city" };
  };

  if (warmupSec > 0) {
    log(`aquecimento: ${warmupSec} s de visitantes sem edições`);
    await drive(baseUrl, warmupSec, visitor);
  }

  const results: RateResult[] = [];
  for (const rate of rates) {
    const latencies: number[] = [];
    const byKind: RateResult["byKind"] = {
      city: { hits: 0, total: 0 },
      filtered: { hits: 0, total: 0 },
      profile: { hits: 0, total: 0 },
      beacon: { hits: 0, total: 0 },
    };
    let hits = 0;
    let misses = 0;
    let bad = 0;
    let requests = 0;
    let seconds = 0;
    let ceilingRequests = 0;
    let ceilingSeconds = 0;
    const ceilingP99s: number[] = [];
    const editorsOfRate = new Editors(accounts, nextEditor);
    for (let round = 0; round < rounds; round++) {
      const c = await drive(ceiling.baseUrl, Math.max(1, Math.round(ceilingSec / rounds)), ceilingRequest);
      ceilingRequests += c.requests.total;
      ceilingSeconds += c.duration;
      ceilingP99s.push(c.latency.p99);
      const stopEdits = editorsOfRate.run(rate);
      const r = await drive(
        baseUrl,
        Math.max(1, Math.round(durationSec / rounds)),
        visitor,
        (kind, ms, cache, status) => {
          requests++;
          latencies.push(ms);
          if (status < 200 || status >= 300) bad++;
          byKind[kind].total++;
          if (cache === "hit") {
            hits++;
            byKind[kind].hits++;
          } else if (cache === "miss") misses++;
        },
      );
      await stopEdits();
      seconds += r.duration;
      bad += r.errors + r.timeouts;
    }
    await editorsOfRate.settle();
    await editorsOfRate.restore();
    const sorted = sortedOf(latencies);
    const apiSorted = sortedOf(editorsOfRate.apiMs);
    const result: RateResult = {
      rate,
      requestsPerSec: requests / seconds,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      hits,
      misses,
      byKind,
      bad,
      ceilingPerSec: ceilingRequests / ceilingSeconds,
      ceilingP99: Math.max(...ceilingP99s),
      editsPerSec: editorsOfRate.edits / seconds,
      listEdits: editorsOfRate.listEdits,
      editFailures: editorsOfRate.failed,
      editApiP50: quantile(apiSorted, 0.5),
      editApiP99: quantile(apiSorted, 0.99),
      samples: editorsOfRate.samples,
      timeouts: editorsOfRate.timeouts,
    };
    results.push(result);
    log(`  ${describe(result)}`);
  }
  await stop(server);
  await stop(ceiling.child);
  printTable(results);
  checkTargets(results);
  log(`carga da máquina depois (1/5/15 min): ${loadLine()}`);
}

const ms = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : "—");
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : "—");

function visibility(samples: Sample[]) {
  const city = sortedOf(samples.map((s) => s.cityMs));
  const profile = sortedOf(samples.map((s) => s.profileMs));
  const everywhere = sortedOf(samples.map((s) => Math.max(s.cityMs, s.profileMs)));
  return {
    city: { median: quantile(city, 0.5), max: city[city.length - 1] ?? NaN },
    profile: { median: quantile(profile, 0.5), max: profile[profile.length - 1] ?? NaN },
    everywhereMax: everywhere[everywhere.length - 1] ?? NaN,
  };
}

function describe(r: RateResult): string {
  const v = visibility(r.samples);
  return (
    `${r.rate} edições/s: ${r.requestsPerSec.toFixed(0)} req/s, p50 ${ms(r.p50)} / p95 ${ms(r.p95)} / p99 ${ms(r.p99)} ms, ` +
    `acertos ${pct(r.hits, r.hits + r.misses)} (cidade ${pct(r.byKind.city.hits, r.byKind.city.total)}, filtrada ` +
    `${pct(r.byKind.filtered.hits, r.byKind.filtered.total)}, perfil ` +
    `${pct(r.byKind.profile.hits, r.byKind.profile.total)}; ${r.byKind.beacon.total} beacons), teto ` +
    `${r.ceilingPerSec.toFixed(0)} req/s ` +
    `(p99 ${ms(r.ceilingP99)} ms)` +
    (r.rate > 0
      ? `; ${r.editsPerSec.toFixed(1)} edições/s feitas, ${r.listEdits} mudando listas (API p50 ${ms(r.editApiP50)}, p99 ${ms(r.editApiP99)} ms` +
        `${r.editFailures ? `, ${r.editFailures} recusadas` : ""}); visível em ${r.samples.length} amostras: cidade ` +
        `mediana ${ms(v.city.median)} / máx ${ms(v.city.max)} ms, perfil ${ms(v.profile.median)} / ${ms(v.profile.max)} ms` +
        `${r.timeouts ? `, ${r.timeouts} não apareceram em ${VISIBLE_TIMEOUT_MS / 1000} s` : ""}`
      : "") +
    (r.bad ? ` (!) ${r.bad} respostas não-2xx ou erros` : "")
  );
}

function printTable(results: RateResult[]) {
  log("");
  log(
    "| edições/s | req/s | p50 ms | p95 ms | p99 ms | acertos | cidade | filtrada | perfil | teto req/s | % do teto | " +
      "visível cidade (med/máx ms) | visível perfil (med/máx ms) |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of results) {
    const v = visibility(r.samples);
    const seen = (x: { median: number; max: number }) => (r.samples.length ? `${ms(x.median)} / ${ms(x.max)}` : "—");
    log(
      `| ${r.rate} (${r.editsPerSec.toFixed(1)}) | ${r.requestsPerSec.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ` +
        `${ms(r.p99)} | ${pct(r.hits, r.hits + r.misses)} | ${pct(r.byKind.city.hits, r.byKind.city.total)} | ` +
        `${pct(r.byKind.filtered.hits, r.byKind.filtered.total)} | ` +
        `${pct(r.byKind.profile.hits, r.byKind.profile.total)} | ${r.ceilingPerSec.toFixed(0)} | ` +
        `${pct(r.requestsPerSec, r.ceilingPerSec)} | ${seen(v.city)} | ${seen(v.profile)} |`,
    );
  }
}

function checkTargets(results: RateResult[]) {
  log("");
  const at = results.find((r) => r.rate === TARGETS.rate);
  const base = results.find((r) => r.rate === 0);
  if (!at) {
    log(`metas: sem a taxa de ${TARGETS.rate} edições/s nesta série (BENCH_MIX_RATES)`);
    return;
  }
  const line = (ok: boolean | null, text: string) => log(`  ${ok === null ? "—    " : ok ? "ok   " : "FALHA"} ${text}`);
  log(`metas a ${TARGETS.rate} edições/s (banco desta execução: ${data.databaseUrl ? "PostgreSQL" : "PGlite"}):`);
  const hitRate = at.hits / (at.hits + at.misses || 1);
  line(hitRate >= TARGETS.hitRate, `acertos ≥ ${TARGETS.hitRate * 100}%: ${pct(at.hits, at.hits + at.misses)}`);
  line(at.p99 <= TARGETS.p99Ms, `p99 ≤ ${TARGETS.p99Ms} ms: ${ms(at.p99)} ms`);
  const everywhere = visibility(at.samples).everywhereMax;
  line(
    at.samples.length ? everywhere <= TARGETS.visibleMs : null,
    `edição visível na cidade e no perfil em ≤ ${TARGETS.visibleMs / 1000} s: pior de ${at.samples.length} amostras ` +
      `${ms(everywhere)} ms`,
  );
  line(
    base ? at.requestsPerSec >= TARGETS.throughputShare * base.requestsPerSec : null,
    `vazão ≥ ${TARGETS.throughputShare * 100}% da série sem edições: ` +
      (base
        ? `${at.requestsPerSec.toFixed(0)} de ${base.requestsPerSec.toFixed(0)} req/s (${pct(at.requestsPerSec, base.requestsPerSec)})`
        : "sem a taxa 0"),
  );
}

runBench(main);
