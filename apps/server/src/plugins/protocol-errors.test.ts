import assert from "node:assert/strict";
import { connect } from "node:net";
import { before, describe, test } from "node:test";
import { useTestContext } from "../test/fixtures";

const ctx = useTestContext();
let port: number;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as { port: number }).port;
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after an error). */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(bytes);
  });
}

function expectEnvelope(body: string, code: string) {
  const json = JSON.parse(body) as { error: string; code: string };
  assert.equal(json.code, code);
  assert.ok(json.error.length > 0);
  assert.doesNotMatch(body, /FST_|Fastify|at \//, "no framework code or stack trace");
}

describe("framework and protocol errors use the envelope, in Portuguese", () => {
  test("bad percent-encoding in the URL is a 400 that does not echo the URL", async () => {
    const res = await ctx.as(null).get("/api/models/public/%ff");
    assert.equal(res.statusCode, 400);
    expectEnvelope(res.body, "BAD_REQUEST");
    assert.doesNotMatch(res.body, /%ff|models\/public/);
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    assert.match(String(res.headers["content-security-policy"]), /frame-ancestors 'none'/);
  });

  test("an over-long path segment is 414", async () => {
    const res = await ctx.as(null).get(`/api/models/public/${"1".repeat(5000)}`);
    assert.equal(res.statusCode, 414);
    expectEnvelope(res.body, "BAD_REQUEST");
    assert.equal(res.json().error, "Endereço longo demais");
  });

  test("an unknown API route is a 404 NOT_FOUND", async () => {
    const res = await ctx.as(null).post("/api/nao-existe", { a: 1 });
    assert.equal(res.statusCode, 404);
    expectEnvelope(res.body, "NOT_FOUND");
    assert.equal(res.json().error, "Rota não encontrada");
  });

  test("a malformed HTTP request is answered 400 in JSON on the socket", async () => {
    const answer = await rawRequest("GARBAGE / NOT-HTTP\r\n\r\n");
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.match(answer, /content-type: application\/json/i);
    assert.match(answer, /x-frame-options: DENY/i);
    expectEnvelope(answer.slice(answer.indexOf("\r\n\r\n") + 4), "BAD_REQUEST");
  });

  test("headers too large are answered 431 in JSON", async () => {
    const answer = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { error: string };
    assert.equal(body.error, "Cabeçalhos grandes demais");
  });
});
