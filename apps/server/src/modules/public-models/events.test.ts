import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { before, describe, test } from "node:test";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { EventBus, RecordedEvent } from "../../plugins/events";
import { raiseEvents, readUntil } from "../../test/events";
import { buildModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { registerEventStream } from "./events";

const ctx = useTestContext();
let baseUrl: string;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

describe("GET /api/models/events", () => {
  let reader: ReadableStreamDefaultReader<Uint8Array>;

  test("delivers a recorded event as an SSE message with its id", async () => {
    const res = await fetch(`${baseUrl}/api/models/events`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.equal(res.headers.get("cache-control"), "no-cache, no-transform");
    reader = res.body!.getReader();
    await readUntil(reader, (t) => t.includes(": connected"), 2000);

    const last = await ctx.app.events.lastId();
    await raiseEvents(ctx.app, [
      { type: "model_status_updated", model_id: 42 },
      { type: "model_payment_updated", model_id: 7 },
    ]);
    const text = await readUntil(reader, (t) => t.includes('"model_id":7'), 2000);
    const messages = text
      .split("\n\n")
      .filter((block) => block.startsWith("id: "))
      .map((block) => block.split("\n"));
    assert.deepEqual(messages, [
      [`id: ${last + 1}`, `data: ${JSON.stringify({ type: "model_status_updated", model_id: 42 })}`],
      [`id: ${last + 2}`, `data: ${JSON.stringify({ type: "model_payment_updated", model_id: 7 })}`],
    ]);
  });

  test("each stream opens with the public data version, which moves when public data changes", async () => {
    /** Opens a stream, reads its version event, hangs up. */
    const openVersion = () =>
      new Promise<string>((resolve, reject) => {
        const req = http.get(`${baseUrl}/api/models/events`, (res) => {
          let got = "";
          res.on("data", (chunk: Buffer) => {
            got += chunk.toString();
            const line = /event: version\ndata: (.*)\n\n/.exec(got);
            if (!line) return;
            req.destroy();
            resolve((JSON.parse(line[1]!) as { version: string }).version);
          });
        });
        req.on("error", reject);
        req.setTimeout(2000, () => req.destroy(new Error(`no version event`)));
      });
    const first = await openVersion();
    assert.equal(first, await ctx.app.publicCache.currentVersion());
    assert.equal(await openVersion(), first, "no change, same version");

    // A new visible model changes what the public sees (database triggers bump the version).
    await buildModel(ctx.app);
    ctx.app.publicCache.forgetVersion();
    const second = await openVersion();
    assert.notEqual(second, first);
    assert.equal(second, await ctx.app.publicCache.currentVersion());
  });

  test("a client that goes away is unsubscribed; heartbeats keep the stream alive", async () => {
    const subscribed = new Set<(event: RecordedEvent) => void>();
    let listeners = 0;
    const counting: EventBus = {
      deliver: async () => {},
      lastId: async () => 0,
      since: async () => [],
      close: async () => subscribed.clear(),
      subscribe(listener) {
        listeners += 1;
        subscribed.add(listener);
        return () => {
          listeners -= 1;
          subscribed.delete(listener);
        };
      },
    };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.decorate("events", counting);
    registerEventStream(app, { heartbeatMs: 20, maxPerIp: 8, maxTotal: 100 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as AddressInfo;
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port, path: "/events" }, (res) => {
          let got = "";
          res.on("data", (chunk: Buffer) => {
            got += chunk.toString();
            // Heartbeats arrive as comment lines; then the client hangs up.
            if (got.includes(": ping")) {
              req.destroy();
              resolve(got);
            }
          });
        });
        req.on("error", (err) => (listeners === 1 ? undefined : reject(err)));
      });
      assert.match(text, /: ping\n\n/);
      const deadline = Date.now() + 2000;
      while (listeners > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(listeners, 0);
    } finally {
      await app.close();
    }
  });

  test("app.close() ends open streams instead of hanging", async () => {
    // The app's own close is what open streams could hold up; the database's close and drop come after it.
    const started = Date.now();
    await ctx.app.close();
    const took = Date.now() - started;
    await ctx.close();
    assert.ok(took < 2000, `app.close() took ${took} ms`);
    // Whatever the stream still held (the version event may arrive after the first test stopped reading) is
    // read out; then it must end.
    const deadline = Date.now() + 1000;
    let done = false;
    while (!done && Date.now() < deadline) {
      ({ done } = await Promise.race([
        reader.read(),
        new Promise<{ done: false }>((r) => setTimeout(() => r({ done: false }), deadline - Date.now())),
      ]));
    }
    assert.equal(done, true, "the stream ended");
  });
});
