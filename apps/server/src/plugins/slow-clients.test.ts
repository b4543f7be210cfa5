import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { before, describe, test } from "node:test";
import { useTestContext } from "../test/fixtures";

// Small limits so that the test is quick; production defaults are minutes and kilobytes.
const ctx = useTestContext({
  headersTimeoutMs: 600,
  requestTimeoutMs: 2000,
  bodyMinBytesPerSecond: 200,
  bodyRateWindowMs: 500,
});
let port: number;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});

type Trickle = { socket: Socket; received: () => string; closedAfterMs: Promise<number | null> };

/** Opens a raw connection, sends `head`, then `chunk` every `everyMs` until the server closes it or `giveUpMs`. */
function trickle(head: string, chunk: string, everyMs: number, giveUpMs: number): Trickle {
  const started = Date.now();
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => (text += d));
  socket.on("error", () => {});
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(chunk);
  }, everyMs);
  const closedAfterMs = new Promise<number | null>((resolve) => {
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve(null);
    }, giveUpMs);
    socket.on("close", () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve(Date.now() - started);
    });
  });
  return { socket, received: () => text, closedAfterMs };
}

const loginHead = (length: number) =>
  `POST /api/auth/model/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;

describe("slow clients are dropped", () => {
  test("headers that trickle in (one header line every 200 ms) → closed after the headers timeout", async () => {
    const t = trickle("GET /api/health HTTP/1.1\r\nHost: localhost\r\n", "X-Lento: sim\r\n", 200, 8000);
    const closedAfter = await t.closedAfterMs;
    assert.notEqual(closedAfter, null, "the server kept the connection open");
    assert.ok(closedAfter! < 4000, `closed only after ${closedAfter} ms`);
    assert.doesNotMatch(t.received(), /200 OK/);
  });

  test("a body that trickles one byte every 100 ms → closed by the minimum data rate", async () => {
    const t = trickle(loginHead(10_000), "x", 100, 8000);
    const closedAfter = await t.closedAfterMs;
    assert.notEqual(closedAfter, null, "the server kept the connection open");
    assert.ok(closedAfter! < 2000, `closed only after ${closedAfter} ms`);
  });

  test("a body fast enough for the rate check but never finished → closed after the request timeout", async () => {
    // 100 bytes every 100 ms (1 KB/s) passes the rate check; the 1 MB body never completes.
    const t = trickle(loginHead(1_000_000), "x".repeat(100), 100, 8000);
    const closedAfter = await t.closedAfterMs;
    assert.notEqual(closedAfter, null, "the server kept the connection open");
    assert.ok(closedAfter! >= 1500 && closedAfter! < 5000, `closed after ${closedAfter} ms`);
  });

  test("a slow but steady body that completes in time is answered", async () => {
    const body = JSON.stringify({ email: "ninguem@example.com", password: "x".repeat(1500) });
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (text += d));
    socket.write(loginHead(Buffer.byteLength(body)));
    // About 1 KB/s in 150-byte pieces: slow, but above the minimum rate.
    for (let i = 0; i < body.length; i += 150) {
      socket.write(body.slice(i, i + 150));
      await new Promise((r) => setTimeout(r, 150));
    }
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (text.includes("\r\n\r\n")) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    socket.destroy();
    assert.match(text, /^HTTP\/1\.1 (400|401) /);
  });
});
