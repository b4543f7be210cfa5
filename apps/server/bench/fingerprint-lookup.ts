import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client";
import { photoHasher } from "../src/modules/photos/fingerprint";
import { BLOCK_VIEWS, ROBUST_HASHER, type ViewHash } from "../src/modules/photos/fingerprint-robust";
import {
  copiesOnOtherAccounts,
  findCopiesOnOtherAccounts,
  isBlockedPicture,
} from "../src/modules/photos/fingerprint-store";

/**
 * node --import tsx apps/server/bench/fingerprint-lookup.ts: the two lookups of an upload (is it blocked? does
 * another account hold it?) against BENCH_PHOTOS (200,000) fingerprinted photos and BENCH_BLOCKED (2,000) blocked
 * photos of 10 hashes each and, since decision 058, their BLOCK_VIEWS view rows (BENCH_VIEWS, default all 280), on
 * the PostgreSQL database DATABASE_URL names (a database of its own: it is migrated and its benchmark rows
 * replaced) or, without one, in-memory PGlite. Hashes are uniformly random, half of the probes a few bits from a
 * stored one (the blocked lookup's six view hashes: one of them 8 bits from a stored view). Prints the time per
 * lookup and the plan PostgreSQL chose.
 */
const env = process.env;
const PHOTOS = Number(env.BENCH_PHOTOS ?? 200_000);
const BLOCKED = Number(env.BENCH_BLOCKED ?? 2_000);
const PROBES = Number(env.BENCH_PROBES ?? 300);
const VIEWS = Number(env.BENCH_VIEWS ?? BLOCK_VIEWS.length);
const PREFIX = "bench-fp-";
const log = (line: string) => process.stdout.write(`${line}\n`);

const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: null });
const { db } = database;
await database.migrate();

/** 64 random bits as PostgreSQL's bigint, in SQL: two random 32-bit halves. */
const RANDOM_HASH = sql.raw(
  "((floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint) - 0",
);

const seeded = performance.now();
await db.execute(sql`delete from photos where filename like ${`${PREFIX}%`}`);
await db.execute(sql`delete from models where username like ${`${PREFIX}%`}`);
await db.execute(sql`delete from blocked_photo_fingerprints where reason = 'bench'`);
await db.execute(sql`
  insert into models (username, email, password_hash, name)
  select ${PREFIX} || g, ${PREFIX} || g || '@bench.local', 'x', 'Bench ' || g from generate_series(1, ${Math.ceil(PHOTOS / 10)}) g`);
await db.execute(sql`
  insert into photos (model_id, filename, width, height, sha256, perceptual_hash, hasher)
  select m.id, ${PREFIX} || m.id || '-' || k, 400, 533, md5(random()::text) || md5(random()::text), ${RANDOM_HASH},
         ${photoHasher.name}
  from models m cross join generate_series(1, 10) k where m.username like ${`${PREFIX}%`}`);
await db.execute(sql`
  insert into blocked_photo_fingerprints (sha256, perceptual_hash, hasher, variant, photo_id, reason)
  select case when v = 0 then md5(random()::text) || md5(random()::text) end, ${RANDOM_HASH}, ${photoHasher.name}, v,
         -b, 'bench'
  from generate_series(1, ${BLOCKED}) b cross join generate_series(0, 9) v`);
await db.execute(sql`
  insert into blocked_photo_fingerprints (perceptual_hash, detail_hash, hasher, variant, photo_id, reason)
  select ${RANDOM_HASH}, ${RANDOM_HASH}, ${ROBUST_HASHER}, 100 + v, -b, 'bench'
  from generate_series(1, ${BLOCKED}) b cross join generate_series(0, ${VIEWS - 1}) v`);
await db.execute(sql`vacuum analyze photos`);
await db.execute(sql`vacuum analyze blocked_photo_fingerprints`);
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
const [{ count }] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from photos`));
log(
  `${database.kind}: ${count} photos, ${BLOCKED * 10} blocked hashes and ${BLOCKED * VIEWS} view rows, seeded in ${Math.round(performance.now() - seeded)} ms`,
);

const stored = rowsOf<{ h: string }>(
  await db.execute(sql`select perceptual_hash::text as h from photos tablesample system (1) limit ${PROBES}`),
);
const storedViews = rowsOf<{ dct: string; sim: string }>(
  await db.execute(
    sql`select perceptual_hash::text as dct, detail_hash::text as sim from blocked_photo_fingerprints
        where hasher = ${ROBUST_HASHER} and reason = 'bench' order by random() limit ${PROBES}`,
  ),
);
const randomHash = () => BigInt.asIntN(64, BigInt(Math.floor(Math.random() * 2 ** 53)) << 11n);
const flip = (hash: bigint, bits: number) => {
  let out = hash;
  for (let i = 0; i < bits; i++) out ^= 1n << BigInt(Math.floor(Math.random() * 64));
  return BigInt.asIntN(64, out);
};
const probes = Array.from({ length: PROBES }, (_, i) => ({
  sha256: "0".repeat(64),
  hasher: photoHasher.name,
  cropHashes: [],
  perceptualHash: i % 2 === 0 && stored[i] ? flip(BigInt(stored[i].h), 8) : randomHash(),
  views: Array.from({ length: 6 }, (_, v): ViewHash => {
    const near = i % 2 === 0 && v === 0 ? storedViews[i] : undefined;
    return near
      ? { dct: flip(BigInt(near.dct), 4), sim: flip(BigInt(near.sim), 4) }
      : { dct: randomHash(), sim: randomHash() };
  }),
}));

async function time(name: string, lookup: (probe: (typeof probes)[number]) => Promise<unknown>) {
  const ms: number[] = [];
  let found = 0;
  for (const probe of probes) {
    const started = performance.now();
    const result = await lookup(probe);
    ms.push(performance.now() - started);
    if (Array.isArray(result) ? result.length > 0 : result) found++;
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))].toFixed(2);
  log(`${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${found}/${probes.length} found)`);
}

/** BENCH_ONLY=blocked times the blocked lookup alone. */
const all = env.BENCH_ONLY !== "blocked";
if (all) await time("another account holds it (photos)", (p) => findCopiesOnOtherAccounts(db, p, -1));
await time("blocked (whole picture, crops and views)", (p) => isBlockedPicture(db, p, p.views));
await time("blocked, without views (the 042 rows only)", (p) => isBlockedPicture(db, p, []));
if (all)
  await time("full scan for comparison (bit_count over every photo)", (p) =>
    db.execute(
      sql`select id from photos where bit_count((perceptual_hash # ${p.perceptualHash.toString()}::bigint)::bit(64)) <= 10 limit 3`,
    ),
  );
if (all && database.kind === "postgres") {
  const plan = rowsOf<{ "QUERY PLAN": string }>(
    await db.execute(sql`explain analyze ${copiesOnOtherAccounts(db, probes[0], -1).getSQL()}`),
  );
  // The plan's shape; the arrays of band values are cut short.
  log(plan.map((r) => r["QUERY PLAN"].replace(/'\{([^}]{40})[^}]*\}'/g, "'{$1…}'")).join("\n"));
}
await db.execute(sql`delete from photos where filename like ${`${PREFIX}%`}`);
await db.execute(sql`delete from models where username like ${`${PREFIX}%`}`);
await db.execute(sql`delete from blocked_photo_fingerprints where reason = 'bench'`);
await database.close();
