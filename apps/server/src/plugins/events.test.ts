import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { eventLog, events } from "../db/schema";
import { raiseEvents } from "../test/events";
import { buildModel, loginAdmin } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { MAX_REPLAY, pruneEvents, type RecordedEvent, recordEvents, startEventBus } from "./events";

const ctx = useTestContext();
let baseUrl: string;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const status = (modelId: number) => ({ type: "model_status_updated" as const, model_id: modelId });

/** What a subscriber of `app`'s bus hears from now on. */
function listen(app: FastifyInstance) {
  const heard: RecordedEvent[] = [];
  const stop = app.events.subscribe((e) => heard.push(e));
  return { heard, stop };
}

async function until(check: () => boolean, what: string, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An open live stream: its raw text so far, its parsed messages, and a way to hang up. */
type Stream = { text: () => string; messages: () => { id?: string; event?: string; data?: string }[]; close(): void };

function openStream(base: string, path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let got = "";
    const req = http.get(`${base}/api/models/events${path}`, { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`status ${res.statusCode}`));
        return;
      }
      res.on("data", (chunk: Buffer) => (got += chunk.toString()));
      resolve({
        text: () => got,
        messages: () =>
          got
            .split("\n\n")
            .filter((block) => block && !block.startsWith(":") && !block.startsWith("retry"))
            .map((block) => {
              const fields: Record<string, string> = {};
              for (const line of block.split("\n")) {
                const at = line.indexOf(": ");
                fields[line.slice(0, at)] = line.slice(at + 2);
              }
              return fields;
            }),
        close: () => req.destroy(),
      });
    });
    req.on("error", (err) => (got ? undefined : reject(err)));
  });
}

const idsOf = (stream: Stream) => stream.messages().flatMap((m) => (m.data && m.id && !m.event ? [Number(m.id)] : []));

describe("the events table", () => {
  test("an event is written with the change that causes it, and not when its transaction rolls back", async () => {
    const start = await ctx.app.events.lastId();
    await assert.rejects(
      ctx.app.db.transaction(async (tx) => {
        await recordEvents(tx, [status(1)]);
        throw new Error("rollback");
      }),
    );
    assert.equal(await ctx.app.events.lastId(), start);
    assert.deepEqual(await ctx.app.db.select().from(events).where(gt(events.id, start)), []);

    // A real change: an admin hides a visible model, through the route; the event is recorded with her id.
    const modelId = await buildModel(ctx.app);
    const startChange = await ctx.app.events.lastId();
    const res = await ctx.as(await loginAdmin(ctx.app)).patch(`/api/admin/models/${modelId}/status`, {
      is_active: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(startChange, start, "building her said nothing");
    const rows = await ctx.app.db.select().from(events).where(gt(events.id, start));
    assert.deepEqual(
      rows.map((r) => ({ id: r.id, type: r.type, modelId: r.modelId })),
      [{ id: start + 1, type: "model_status_updated", modelId }],
    );
    assert.equal(await ctx.app.events.lastId(), start + 1);
  });

  test("50 concurrent writers: every event is delivered once, in id order, and a resume from any id is exact", async () => {
    const start = await ctx.app.events.lastId();
    const { heard, stop } = listen(ctx.app);
    try {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          ctx.app.db.transaction(async (tx) => {
            // Work before and after taking the id, so the writers interleave on PostgreSQL.
            await tx.execute(sql`SELECT pg_sleep(${(i % 5) / 1000})`);
            await recordEvents(tx, [status(1000 + i)]);
            await tx.execute(sql`SELECT pg_sleep(${((i * 7) % 5) / 1000})`);
          }),
        ),
      );
      await ctx.app.events.deliver();
    } finally {
      stop();
    }
    const expected = Array.from({ length: 50 }, (_, i) => start + 1 + i);
    assert.deepEqual(
      heard.map((e) => e.id),
      expected,
    );
    assert.deepEqual(new Set(heard.map((e) => e.model_id)).size, 50);
    for (const from of [start, ...expected]) {
      const replay = await ctx.app.events.since(from);
      assert.deepEqual(
        replay?.map((e) => e.id),
        expected.filter((id) => id > from),
        `resume after ${from}`,
      );
    }
  });

  test("a reader polling while writers commit never skips an id (ids become visible in id order)", async () => {
    let seen = await ctx.app.events.lastId();
    const start = seen;
    const collected: number[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing || seen < (await ctx.app.events.lastId())) {
        const rows = await ctx.app.db
          .select({ id: events.id })
          .from(events)
          .where(gt(events.id, seen))
          .orderBy(events.id);
        for (const row of rows) {
          collected.push(row.id);
          seen = row.id;
        }
      }
    })();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.db.transaction(async (tx) => {
          await recordEvents(tx, [status(2000 + i)]);
          await tx.execute(sql`SELECT pg_sleep(${(i % 4) / 1000})`);
        }),
      ),
    );
    writing = false;
    await reader;
    assert.deepEqual(
      collected,
      Array.from({ length: 40 }, (_, i) => start + 1 + i),
    );
  });

  test("pruning forgets old events; a resume from before them is refused", async () => {
    await raiseEvents(ctx.app, [status(1), status(2)]);
    const last = await ctx.app.events.lastId();
    await ctx.app.db.update(events).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await raiseEvents(ctx.app, [status(3)]);
    assert.ok((await pruneEvents(ctx.app.db, new Date(Date.now() - 86_400_000))) >= 2);
    const [log] = await ctx.app.db.select().from(eventLog);
    assert.equal(log?.prunedThrough, last);
    assert.equal(await ctx.app.events.since(last - 1), null, "events were pruned after it");
    assert.deepEqual(
      (await ctx.app.events.since(last))?.map((e) => e.model_id),
      [3],
    );
    assert.equal(await ctx.app.events.since(last + 2), null, "an id not handed out yet");
  });
});

describe("GET /api/models/events resumes", () => {
  test("after a drop, Last-Event-ID gets exactly the missed events, then the live ones", async () => {
    const start = await ctx.app.events.lastId();
    const first = await openStream(baseUrl, `?after=${start}`);
    await until(() => first.text().includes(": connected"), "connected");
    await raiseEvents(ctx.app, [status(11), status(12)]);
    await until(() => idsOf(first).length === 2, "two events");
    assert.deepEqual(idsOf(first), [start + 1, start + 2]);
    first.close();

    await raiseEvents(ctx.app, [status(13)]);
    await raiseEvents(ctx.app, [status(14), status(15)]);
    // The browser reconnects with the last id it received (and the URL it first opened).
    const again = await openStream(baseUrl, `?after=${start}`, { "Last-Event-ID": String(start + 2) });
    await until(() => idsOf(again).length === 3, "the three missed");
    await raiseEvents(ctx.app, [status(16)]);
    await until(() => idsOf(again).length === 4, "the live one");
    assert.deepEqual(idsOf(again), [start + 3, start + 4, start + 5, start + 6]);
    assert.deepEqual(
      again.messages().flatMap((m) => (m.data ? [JSON.parse(m.data).model_id as number] : [])),
      [13, 14, 15, 16],
    );
    again.close();
  });

  test("?after on the first connection replays what happened since the page was read", async () => {
    const start = await ctx.app.events.lastId();
    await raiseEvents(ctx.app, [status(21)]);
    const stream = await openStream(baseUrl, `?after=${start}`);
    await until(() => idsOf(stream).length === 1, "the replayed event");
    assert.deepEqual(stream.messages()[0], {
      id: String(start + 1),
      data: JSON.stringify({ type: "model_status_updated", model_id: 21 }),
    });
    assert.ok(!stream.text().includes("event: version"), "a resumed stream needs no version");
    stream.close();
  });

  test("an id it cannot resume from (unknown, too old, too far behind, malformed header) says refresh", async () => {
    const last = await ctx.app.events.lastId();
    const refreshOf = async (path: string, headers: Record<string, string> = {}) => {
      const stream = await openStream(baseUrl, path, headers);
      await until(() => stream.messages().some((m) => m.event === "refresh"), `refresh for ${path}`);
      stream.close();
      return stream.messages().find((m) => m.event === "refresh");
    };
    assert.deepEqual(await refreshOf(`?after=${last + 1000}`), { id: String(last), event: "refresh", data: "{}" });
    assert.equal((await refreshOf("?after=0"))?.event, "refresh", "older than what is kept (pruned above)");
    assert.equal((await refreshOf("", { "Last-Event-ID": "abc" }))?.event, "refresh");
    assert.equal((await refreshOf(`?after=${last}`, { "Last-Event-ID": "-3" }))?.event, "refresh");

    const behind = await ctx.app.events.lastId();
    await raiseEvents(
      ctx.app,
      Array.from({ length: MAX_REPLAY + 1 }, (_, i) => status(i)),
    );
    assert.deepEqual(await refreshOf(`?after=${behind}`), {
      id: String(behind + MAX_REPLAY + 1),
      event: "refresh",
      data: "{}",
    });
  });

  test("a malformed ?after is a 400 with the error envelope, never a 500", async () => {
    for (const bad of ["abc", "-1", "1.5", "9".repeat(30), ""]) {
      const res = await ctx.as(null).get(`/api/models/events?after=${encodeURIComponent(bad)}`);
      assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
      assert.equal(res.json().code, "VALIDATION_ERROR");
    }
  });
});

const postgresUrl = () => ctx.databaseUrl;

describe("two instances on one PostgreSQL", { skip: !process.env.TEST_DATABASE_URL }, () => {
  let second: { app: FastifyInstance; database: Database; base: string };
  before(async () => {
    const database = openDatabase({ databaseUrl: postgresUrl(), dataDir: null, poolSize: 2 });
    // No polling: what B delivers, it delivers because of a NOTIFY or a (re)connection of its LISTEN.
    const bus = await startEventBus(database, { pollMs: 0 });
    const app = await buildApp({ config: ctx.config, database, events: bus, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    second = { app, database, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  });
  after(async () => {
    await second.app.close();
    await second.database.close();
  });

  test("an event raised on A arrives on B's stream", async () => {
    const modelId = await buildModel(ctx.app);
    const start = await second.app.events.lastId();
    const stream = await openStream(second.base, `?after=${start}`);
    await until(() => stream.text().includes(": connected"), "connected");
    const res = await ctx.as(await loginAdmin(ctx.app)).patch(`/api/admin/models/${modelId}/status`, {
      is_active: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    await until(() => idsOf(stream).length === 1, "the event on B", 2000);
    assert.equal(JSON.parse(stream.messages().at(-1)?.data ?? "{}").model_id, modelId);
    stream.close();
  });

  test("B's LISTEN connection killed: after it reconnects, B re-reads and delivers what it missed", async () => {
    const { heard, stop } = listen(second.app);
    try {
      // An event committed without a NOTIFY stands for one sent while B was not listening.
      await ctx.app.db.transaction(async (tx) => {
        const [log] = await tx
          .update(eventLog)
          .set({ lastId: sql`${eventLog.lastId} + 1` })
          .where(eq(eventLog.id, 1))
          .returning();
        await tx.insert(events).values({ id: log!.lastId, type: "model_status_updated", modelId: 77 });
      });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(heard.length, 0, "no NOTIFY, no poll: B has not read it yet");

      const killed = await second.app.db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'listen %'`);
      assert.ok(Array.from(killed as unknown as unknown[]).length >= 1, "a LISTEN connection was there");
      await until(() => heard.length === 1, "the missed event on B after the reconnect", 5000);
      assert.equal(heard[0]?.model_id, 77);

      // Listening again: a new event reaches B by its NOTIFY.
      await raiseEvents(ctx.app, [status(78)]);
      await until(() => heard.length === 2, "the next event on B", 2000);
      assert.deepEqual(
        heard.map((e) => e.model_id),
        [77, 78],
      );
    } finally {
      stop();
    }
  });
});
