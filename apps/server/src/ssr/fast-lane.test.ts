import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { buildModel, buildPhoto, updateModel } from "../test/factories";
import { createTestContext, type TestContext } from "../test/helper";
import { buildSsrFixture, type SsrFixture } from "../test/ssr-fixture";

let ctx: TestContext;
let fixture: SsrFixture;
let baseUrl: string;
let modelId: number;
/** Requests that reached Fastify (the fast lane's answers never do). */
const throughFastify: string[] = [];

before(async () => {
  fixture = await buildSsrFixture();
  // As in production: one check of the data version serves later requests for a while.
  ctx = await createTestContext(
    { webDistDir: fixture.distDir, publicCacheMaxStalenessMs: 60_000 },
    {
      beforeReady: (app) =>
        app.addHook("onRequest", async (request) => {
          throughFastify.push(`${request.method} ${request.url}`);
        }),
    },
  );
  modelId = await buildModel(ctx.app, { name: "Aurora Rápida" });
  await buildPhoto(ctx.app, modelId);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await ctx?.close();
  fixture?.remove();
});

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${baseUrl}${url}`, { ...init, headers: { "accept-encoding": "identity", ...init.headers } });
  // The answer's headers; the date and the connection's (fetch closes after a HEAD) are not the answer's.
  const headers = Object.fromEntries(res.headers);
  for (const name of ["date", "connection", "keep-alive"]) delete headers[name];
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The request, answered once by Fastify (rendering or from the cache) and then asserted to be a fast-lane hit. */
async function fastHit(url: string, init: RequestInit = {}): Promise<Answer> {
  throughFastify.length = 0;
  const answer = await request(url, init);
  assert.deepEqual(throughFastify, [], `${url} answered before Fastify`);
  return answer;
}

test("a cached city page is answered before Fastify with the same status, headers and body", async () => {
  const url = "/cidade/sao-paulo-sp";
  throughFastify.length = 0;
  const first = await request(url);
  assert.deepEqual(throughFastify, [`GET ${url}`], "the first request renders through Fastify");
  assert.equal(first.status, 200);
  assert.match(first.body.toString(), /Aurora Rápida/);
  const hit = await fastHit(url);
  assert.deepEqual(hit, first);
  assert.match(hit.headers["content-security-policy"] ?? "", /default-src 'self'/);
  assert.equal(hit.headers.vary, "Accept-Encoding, Cookie");
});

test("the fast lane answers 304 to the ETag, HEAD without a body, and compresses as Fastify does", async () => {
  const url = "/";
  const first = await request(url, { headers: { "accept-encoding": "br" } });
  assert.equal(first.headers["content-encoding"], "br");
  const hit = await fastHit(url, { headers: { "accept-encoding": "br" } });
  assert.deepEqual(hit, first);
  assert.match(hit.body.toString(), /<h1/, "fetch decodes the brotli body");

  const notModified = await fastHit(url, { headers: { "if-none-match": first.headers.etag! } });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.body.length, 0);
  assert.equal(notModified.headers.etag, first.headers.etag);

  const head = await fastHit(url, { method: "HEAD" });
  const get = await fastHit(url);
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.deepEqual(head.headers, get.headers);
});

test("the age-gate cookie is its own page; profiles, query strings and API paths always go through Fastify", async () => {
  const url = "/cidade/sao-paulo-sp";
  const withCookie = { headers: { cookie: "age_ok=1" } };
  throughFastify.length = 0;
  await request(url, withCookie);
  assert.equal(throughFastify.length, 1, "a visitor who accepted the gate gets the page without it: rendered once");
  assert.doesNotMatch((await fastHit(url, withCookie)).body.toString(), /Conteúdo adulto/);
  assert.match((await fastHit(url)).body.toString(), /Conteúdo adulto/);

  for (const other of [`/model/${modelId}`, `${url}?search=aurora`, "/api/health"]) {
    await request(other);
    throughFastify.length = 0;
    await request(other);
    assert.equal(throughFastify.length, 1, `${other} through Fastify`);
  }
});

test("after a change the next request is rendered again through Fastify: no page outlives its data", async () => {
  const url = "/cidade/sao-paulo-sp";
  await request(url);
  await fastHit(url);
  // A change made by this process is announced on the events stream: the checked version is forgotten.
  await updateModel(ctx.app, modelId, { isActive: false });
  ctx.app.events.publish({ type: "model_status_updated", model_id: modelId });
  throughFastify.length = 0;
  const after = await request(url);
  assert.deepEqual(throughFastify, [`GET ${url}`]);
  assert.doesNotMatch(after.body.toString(), /Aurora Rápida/);
});
