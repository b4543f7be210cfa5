import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { before, describe, test } from "node:test";
import { photoUrl } from "@vitrine/contracts";
import type { LightMyRequestResponse } from "fastify";
import { newSessionId } from "../modules/age-assurance/pass";
import { addPhoto } from "../modules/photos/test-support";
import { agePassCookies } from "../test/age-pass";
import { verifierMode } from "../test/age-verifier";
import { buildProduct, makeVisible, registerModel } from "../test/factories";
import type { TestContext } from "../test/helper";
import { useTestContext } from "../test/fixtures";
import { AGE_RESTRICTED_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./http-cache";

/** A verifier nobody reaches: these requests never start a check. */
const NO_VERIFIER = { issuer: "http://127.0.0.1:9/verificador", clientId: "vitrine", clientSecret: "segredo" };

type Fixture = { modelId: number; productId: number; photoName: string; signedPhoto: string };

async function buildFixture(ctx: TestContext): Promise<Fixture> {
  const model = await registerModel(ctx.app);
  await makeVisible(ctx.app, model.id);
  const photo = await addPhoto(ctx.app, model.token, { is_public: "true" });
  const productId = await buildProduct(ctx.app, model.id);
  return { modelId: model.id, productId, photoName: photoUrl(photo.filename, 800), signedPhoto: photo.url };
}

/** Every adult-content request a page or a visitor makes, with its method and body. */
function adultRequests(f: Fixture) {
  return [
    { method: "GET" as const, url: "/api/models/public?page=1&limit=20" },
    { method: "GET" as const, url: `/api/models/public/${f.modelId}` },
    { method: "POST" as const, url: `/api/models/public/${f.modelId}/contact`, payload: { channel: "whatsapp" } },
    { method: "GET" as const, url: `/api/products/${f.productId}` },
    { method: "GET" as const, url: f.photoName },
  ];
}

function assertRefused(res: LightMyRequestResponse, what: string) {
  assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
  assert.equal(res.json().code, "AGE_VERIFICATION_REQUIRED", what);
  assert.equal(res.json().error, "Verifique sua idade para ver este conteúdo.", what);
  assert.equal(res.headers["cache-control"], "no-store", what);
}

describe("with an age verifier, adult content needs an age pass", () => {
  const ctx = useTestContext({ ageAssurance: verifierMode(NO_VERIFIER) });
  let f: Fixture;
  before(async () => {
    f = await buildFixture(ctx);
  });

  const send = (request: { method: "GET" | "POST"; url: string; payload?: object }, cookie?: string) =>
    ctx.app.inject({ ...request, headers: cookie ? { cookie } : {} });

  test("without a pass every adult-content route answers 403 AGE_VERIFICATION_REQUIRED, and age_ok means nothing", async () => {
    for (const request of adultRequests(f)) {
      assertRefused(await send(request), request.url);
      assertRefused(await send(request, "age_ok=1"), `${request.url} with age_ok`);
    }
    // The live stream is refused before it opens.
    assertRefused(await send({ method: "GET", url: "/api/models/events" }), "events");
    // A photo name that does not exist gets the same refusal: nothing tells names apart.
    assertRefused(await send({ method: "GET", url: photoUrl("0".repeat(32), 800) }), "unknown photo");
  });

  test("a forged, expired or copied pass is refused like none", async () => {
    const valid = await agePassCookies(ctx.config.jwtSecret);
    const sid = /age_sid=([^;]+)/.exec(valid)![1];
    const pass = /age_pass=([^;]+)/.exec(valid)![1];
    const expired = await agePassCookies(ctx.config.jwtSecret, { hours: 1, now: new Date(Date.now() - 2 * 3600_000) });
    const forged = `age_sid=${sid}; age_pass=${pass.slice(0, -4)}AAAA`;
    const otherBrowser = `age_sid=${newSessionId()}; age_pass=${pass}`;
    for (const cookie of [expired, forged, otherBrowser, `age_pass=${pass}`]) {
      for (const request of adultRequests(f)) assertRefused(await send(request, cookie), `${request.url}: ${cookie}`);
    }
  });

  test("with a valid pass they answer, and the reads are private to the browser", async () => {
    const cookie = await agePassCookies(ctx.config.jwtSecret);
    for (const request of adultRequests(f)) {
      const res = await send(request, cookie);
      assert.equal(res.statusCode, 200, `${request.url}: ${res.body}`);
    }
    const listing = await send({ method: "GET", url: "/api/models/public?page=1&limit=20" }, cookie);
    assert.equal(listing.headers["cache-control"], AGE_RESTRICTED_CACHE_CONTROL);
    assert.match(String(listing.headers.vary), /\bCookie\b/);
    const tag = listing.headers.etag as string;
    assert.ok(tag, "the browser still revalidates with the ETag");
    const again = await ctx.app.inject({
      method: "GET",
      url: "/api/models/public?page=1&limit=20",
      headers: { cookie, "if-none-match": tag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.headers["cache-control"], AGE_RESTRICTED_CACHE_CONTROL);
    const profile = await send({ method: "GET", url: `/api/models/public/${f.modelId}` }, cookie);
    assert.equal(profile.headers["cache-control"], AGE_RESTRICTED_CACHE_CONTROL);
    const photo = await send({ method: "GET", url: f.photoName }, cookie);
    assert.equal(photo.headers["content-type"], "image/webp");
    assert.match(String(photo.headers["cache-control"]), /^private, max-age=\d+$/);
    assert.match(String(photo.headers.vary), /\bCookie\b/);
  });

  test("the owner's signed photo URL works without a pass", async () => {
    const res = await send({ method: "GET", url: f.signedPhoto });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers["content-type"], "image/webp");
    // A signature that does not match is no way around the pass.
    assertRefused(await send({ method: "GET", url: f.signedPhoto.replace(/sig=[\w-]{4}/, "sig=AAAA") }), "bad sig");
  });

  test("the reads that are not adult content stay public, for shared caches too", async () => {
    for (const url of ["/api/cities", "/api/settings/public"]) {
      const res = await send({ method: "GET", url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers["cache-control"], PUBLIC_CACHE_CONTROL, url);
    }
  });

  test("the live stream opens with a pass", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const refused = await fetch(`${base}/api/models/events`);
    assert.equal(refused.status, 403);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/models/events`, {
      headers: { cookie: await agePassCookies(ctx.config.jwtSecret) },
      signal: controller.signal,
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
    controller.abort();
  });
});

describe("with self-declaration, adult content is served as before", () => {
  const ctx = useTestContext();
  let f: Fixture;
  before(async () => {
    f = await buildFixture(ctx);
  });

  test("every adult-content route answers without a pass; reads keep the public cache policy", async () => {
    for (const request of adultRequests(f)) {
      const res = await ctx.app.inject(request);
      assert.equal(res.statusCode, 200, `${request.url}: ${res.body}`);
    }
    const listing = await ctx.app.inject({ method: "GET", url: "/api/models/public?page=1&limit=20" });
    assert.equal(listing.headers["cache-control"], PUBLIC_CACHE_CONTROL);
    assert.doesNotMatch(String(listing.headers.vary ?? ""), /Cookie/);
    const photo = await ctx.app.inject({ method: "GET", url: f.photoName });
    assert.equal(photo.headers.vary, undefined);
  });
});
