import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { models, rateCounters } from "../db/schema";
import { buildModel } from "../test/factories";
import { createTestContext, type TestContext } from "../test/helper";
import { countHit, forgetEndedWindows } from "./shared-counters";

const PASSWORDS_PER_MINUTE = 10;
const COUNTS_PER_HOUR = 3;

let ctx: TestContext;
/** A second server instance on the same database (on PostgreSQL with its own connection pool), as behind a balancer. */
let other: FastifyInstance;
let otherDatabase: Database | null = null;

before(async () => {
  ctx = await createTestContext({ authRateLimit: PASSWORDS_PER_MINUTE, visitorCountsPerHour: COUNTS_PER_HOUR });
  let database = ctx.database;
  if (ctx.database.kind === "postgres") {
    // postgres-js answers rows as an array.
    const rows = (await ctx.app.db.execute(sql`SELECT current_database() AS name`)) as unknown as { name: string }[];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    otherDatabase = openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 4 });
    database = otherDatabase;
  }
  other = await buildApp({ config: ctx.config, database, logger: false });
  await other.ready();
});
after(async () => {
  await other.close();
  await otherDatabase?.close();
  await ctx.close();
});

/** A request that spends from the password budget and stops at validation (no password hashing), from `ip`. */
const passwordAttempt = (app: FastifyInstance, ip: string) =>
  app.inject({ method: "POST", url: "/api/auth/model/login", payload: {}, remoteAddress: ip });

function assertRateLimited(res: { statusCode: number; json: () => unknown }) {
  assert.equal(res.statusCode, 429);
  const body = res.json() as { error: string; code: string };
  assert.equal(body.code, "RATE_LIMITED");
  assert.match(body.error, /Muitas tentativas/);
}

describe("a fixed-window counter in the database", () => {
  test("counts each hit, keeps the window's end, and starts a new window once it has ended", async () => {
    const t0 = Date.parse("2026-11-28T12:00:00Z");
    const db = ctx.app.db;
    assert.deepEqual(await countHit(db, "test|window", 60_000, t0), { count: 1, resetAt: t0 + 60_000 });
    assert.deepEqual(await countHit(db, "test|window", 60_000, t0 + 30_000), { count: 2, resetAt: t0 + 60_000 });
    assert.deepEqual(await countHit(db, "test|window", 60_000, t0 + 59_999), { count: 3, resetAt: t0 + 60_000 });
    // At the window's end the same row starts over, with a new end.
    assert.deepEqual(await countHit(db, "test|window", 60_000, t0 + 60_000), { count: 1, resetAt: t0 + 120_000 });
    // Another key has a window of its own.
    assert.deepEqual(await countHit(db, "test|other", 60_000, t0 + 60_000), { count: 1, resetAt: t0 + 120_000 });
  });

  test("30 hits at once count 1 to 30, each number once", async () => {
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => countHit(i % 2 === 0 ? ctx.app.db : other.db, "test|burst", 60_000)),
    );
    assert.deepEqual(
      counts.map((c) => c.count).sort((a, b) => a - b),
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  test("the clean-up forgets counters whose window has ended, and only those", async () => {
    const t0 = Date.parse("2026-11-28T13:00:00Z");
    await countHit(ctx.app.db, "test|old", 60_000, t0);
    await countHit(ctx.app.db, "test|running", 60_000, t0 + 50_000);
    await forgetEndedWindows(ctx.app.db, new Date(t0 + 60_001));
    const left = await ctx.app.db
      .select({ key: rateCounters.key })
      .from(rateCounters)
      .where(like(rateCounters.key, "test|%"));
    assert.ok(!left.some((r) => r.key === "test|old"));
    assert.ok(left.some((r) => r.key === "test|running"));
  });
});

describe("the password budget, shared by two instances", () => {
  test(`${PASSWORDS_PER_MINUTE / 2} attempts on each instance spend the whole budget; the next is 429 on both`, async () => {
    const ip = "198.51.100.31";
    for (let i = 0; i < PASSWORDS_PER_MINUTE / 2; i += 1) {
      assert.equal((await passwordAttempt(ctx.app, ip)).statusCode, 400);
      assert.equal((await passwordAttempt(other, ip)).statusCode, 400);
    }
    assertRateLimited(await passwordAttempt(ctx.app, ip));
    assertRateLimited(await passwordAttempt(other, ip));
    // Another network has its own budget.
    assert.equal((await passwordAttempt(other, "198.51.100.32")).statusCode, 400);
  });

  test(`30 attempts at once, spread over both instances: exactly ${PASSWORDS_PER_MINUTE} get through`, async () => {
    const ip = "198.51.100.33";
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => passwordAttempt(i % 2 === 0 ? ctx.app : other, ip)),
    );
    const passed = answers.filter((r) => r.statusCode !== 429);
    assert.equal(passed.length, PASSWORDS_PER_MINUTE);
    for (const r of passed) assert.equal(r.statusCode, 400);
  });

  test("once the minute has passed the network may try again", async () => {
    const ip = "198.51.100.34";
    for (let i = 0; i < PASSWORDS_PER_MINUTE; i += 1) await passwordAttempt(ctx.app, ip);
    assertRateLimited(await passwordAttempt(other, ip));
    // The minute ends (moved back rather than waited for).
    await ctx.app.db
      .update(rateCounters)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateCounters.key, `password|${ip}`));
    assert.equal((await passwordAttempt(other, ip)).statusCode, 400);
    assert.equal((await passwordAttempt(ctx.app, ip)).statusCode, 400);
  });
});

describe("route limits (@fastify/rate-limit), shared by two instances", () => {
  const ageGate = (app: FastifyInstance, ip: string) =>
    app.inject({ method: "GET", url: "/api/age-gate?next=/", remoteAddress: ip });

  test("the age gate's 60 a minute hold across both instances", async () => {
    const ip = "203.0.113.41";
    for (let i = 0; i < 30; i += 1) {
      assert.equal((await ageGate(ctx.app, ip)).statusCode, 303);
      assert.equal((await ageGate(other, ip)).statusCode, 303);
    }
    const refused = await ageGate(other, ip);
    assertRateLimited(refused);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assertRateLimited(await ageGate(ctx.app, ip));
    // Each route counts apart: the visits route still has its own budget for this address.
    const visit = await ctx.app.inject({ method: "POST", url: "/api/visits", payload: {}, remoteAddress: ip });
    assert.equal(visit.statusCode, 400);
  });
});

describe("the visit budget, shared by two instances", () => {
  const view = (app: FastifyInstance, id: number, ip: string) =>
    app.inject({ method: "GET", url: `/api/models/public/${id}`, remoteAddress: ip });
  const viewsOf = async (ids: number[]) =>
    Promise.all(
      ids.map(async (id) => {
        const [row] = await ctx.app.db.select({ v: models.viewsCount }).from(models).where(eq(models.id, id));
        return row!.v;
      }),
    );

  test(`${COUNTS_PER_HOUR} counted views an hour per address, whichever instance serves them`, async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => buildModel(ctx.app)));
    const ip = "192.0.2.51";
    for (const [i, id] of ids.entries()) assert.equal((await view(i < 2 ? ctx.app : other, id, ip)).statusCode, 200);
    assert.deepEqual(await viewsOf(ids), [1, 1, 1, 0]);
    // The refused view left no mark: another address still counts it, and so will this one next hour.
    assert.equal((await view(other, ids[3]!, "192.0.2.52")).statusCode, 200);
    assert.deepEqual(await viewsOf(ids), [1, 1, 1, 1]);
    // A visitor seen on one instance is not counted again on the other.
    assert.equal((await view(other, ids[0]!, ip)).statusCode, 200);
    assert.deepEqual(await viewsOf(ids), [1, 1, 1, 1]);
  });

  test(`${COUNTS_PER_HOUR * 3} profiles viewed at once from one address, on both instances: exactly ${COUNTS_PER_HOUR} counted`, async () => {
    const ids = await Promise.all(Array.from({ length: COUNTS_PER_HOUR * 3 }, () => buildModel(ctx.app)));
    const ip = "192.0.2.53";
    const answers = await Promise.all(ids.map((id, i) => view(i % 2 === 0 ? ctx.app : other, id, ip)));
    for (const r of answers) assert.equal(r.statusCode, 200);
    const views = await viewsOf(ids);
    assert.equal(
      views.reduce((a, b) => a + b, 0),
      COUNTS_PER_HOUR,
    );
  });
});
