import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { before, describe, test } from "node:test";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext({ sseMaxPerIp: 2, sseMaxTotal: 3 });
let port: number;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});

type Opened = { status: number; type: string; body: string; close: () => void };

/**
 * Opens GET /api/models/events from `localAddress` (any 127.x.y.z is this machine, seen by the server as another
 * client). Resolves once the stream has started, or with the whole body of a refusal.
 */
function openStream(localAddress = "127.0.0.1"): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/models/events", localAddress }, (res) => {
      const status = res.statusCode ?? 0;
      const type = String(res.headers["content-type"] ?? "");
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        if (status === 200 && body.includes(": connected")) resolve({ status, type, body, close: () => req.destroy() });
      });
      res.on("end", () => resolve({ status, type, body, close: () => req.destroy() }));
    });
    req.on("error", reject);
  });
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe("GET /api/models/events limits", () => {
  test("at most sseMaxPerIp streams per address: the next one is a 429 envelope; closing one frees a place", async () => {
    const first = await openStream();
    const second = await openStream();
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);

    const third = await openStream();
    assert.equal(third.status, 429);
    assert.match(third.type, /application\/json/);
    assert.equal(JSON.parse(third.body).error, "Muitas conexões de atualização ao vivo deste endereço.");

    first.close();
    await settle();
    const again = await openStream();
    assert.equal(again.status, 200);
    second.close();
    again.close();
    await settle();
  });

  test("at most sseMaxTotal streams in all: the next client is refused too", async () => {
    const open = [await openStream("127.0.0.1"), await openStream("127.0.0.2"), await openStream("127.0.0.3")];
    assert.deepEqual(
      open.map((s) => s.status),
      [200, 200, 200],
    );
    const refused = await openStream("127.0.0.4");
    assert.equal(refused.status, 429);
    assert.equal(JSON.parse(refused.body).error, "Muitas conexões de atualização ao vivo no momento.");
    for (const s of open) s.close();
    await settle();
    assert.equal((await openStream("127.0.0.4")).status, 200);
  });

  test("HEAD answers at once: 200, the event-stream type, no body", async () => {
    const started = Date.now();
    const res = await Promise.race([
      ctx.app.inject({ method: "HEAD", url: "/api/models/events" }),
      new Promise<null>((r) => setTimeout(() => r(null), 2000)),
    ]);
    assert.ok(res, "HEAD /api/models/events hung");
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^text\/event-stream/);
    assert.equal(res.body, "");
    assert.ok(Date.now() - started < 1000);
  });
});
