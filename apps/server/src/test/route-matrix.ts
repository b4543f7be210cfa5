import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { decodeJwt, SignJWT } from "jose";
import { admins, models } from "../db/schema";
import { loginAdmin } from "./factories";

/**
 * Helpers of the route-list authorization matrices (modules/moderation/authorization.test.ts and its siblings): a
 * route called by each kind of caller, the tokens that must be refused everywhere, and malformed input.
 */
export type Call = {
  method: string;
  url: string;
  scope: "public" | "model" | "admin";
  body?: object;
  /** A POST that reads no body (it answers a request, such as "end my other sessions"): only unparsable JSON fails. */
  bodyless?: boolean;
};

/** The scope a route belongs to, by its path. */
export const scopeOf = (url: string): Call["scope"] =>
  url.startsWith("/api/admin/") ? "admin" : url.startsWith("/api/models/") ? "model" : "public";

/** Sends `call` as `token` (null: nobody) from a random network, so that no per-network budget runs out. */
export function matrixClient(app: FastifyInstance) {
  const auth = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const send = (call: Call, token: string | null, overrides: Partial<Call> & { raw?: string } = {}) =>
    app.inject({
      method: call.method as "GET" | "POST",
      url: overrides.url ?? call.url,
      ...(overrides.raw !== undefined
        ? { payload: overrides.raw, headers: { "content-type": "application/json", ...auth(token) } }
        : { payload: overrides.body ?? call.body, headers: auth(token) }),
      remoteAddress: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    });
  const label = (call: Call, who: string, res: LightMyRequestResponse) =>
    `${call.method} ${call.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  return { send, label };
}
export type MatrixClient = ReturnType<typeof matrixClient>;

/**
 * Tokens that must be refused (401) on every signed-in route: the model's and an admin's signed before their
 * account's session version was raised, an admin token signed with another key, an unsigned one (alg none), the
 * model's with its subject changed to `otherId`, garbage. The model's session version is raised, so she signs in
 * again: answers her new token (through `signIn`) and a fresh admin token with the refused ones.
 */
export async function refusedTokens(
  app: FastifyInstance,
  model: { id: number; token: string },
  otherId: number,
  signIn: () => Promise<string>,
): Promise<{ refused: Record<string, string>; modelToken: string; admin: string }> {
  const refused: Record<string, string> = {};
  refused["a model token from before a session-version bump"] = model.token;
  await app.db
    .update(models)
    .set({ sessionVersion: sql`${models.sessionVersion} + 1` })
    .where(eq(models.id, model.id));
  const modelToken = await signIn();
  const staleAdmin = await loginAdmin(app);
  await app.db.update(admins).set({ sessionVersion: sql`${admins.sessionVersion} + 1` });
  refused["an admin token from before a session-version bump"] = staleAdmin;
  const admin = await loginAdmin(app);

  // Forged from the admin's real token (its session id included), so that only the forgery is wrong.
  const claims = decodeJwt(admin);
  refused["an admin token signed with another key"] = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode("not-the-server-secret-not-the-server-secret"));
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  refused["an unsigned token (alg none)"] = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
  refused["a model token whose subject was changed"] = (() => {
    const [head, body, signature] = modelToken.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    return `${head}.${b64({ ...payload, sub: String(otherId) })}.${signature}`;
  })();
  refused["garbage"] = "a.b.c";
  return { refused, modelToken, admin };
}

/** Every signed-in call refuses each of the `refused` tokens with 401 UNAUTHENTICATED. */
export async function assertRefusedEverywhere(calls: Call[], refused: Record<string, string>, client: MatrixClient) {
  for (const call of calls.filter((r) => r.scope !== "public")) {
    for (const [who, token] of Object.entries(refused)) {
      const res = await client.send(call, token);
      assert.equal(res.statusCode, 401, client.label(call, who, res));
      assert.equal(res.json().code, "UNAUTHENTICATED", client.label(call, who, res));
    }
  }
}

/**
 * Every admin call: nobody 401, each of the `models` (tokens) 403, the admin answered with one of `allowed` (never
 * a 500).
 */
export async function assertAdminOnly(
  calls: Call[],
  tokens: { admin: string; models: string[] },
  client: MatrixClient,
  allowed = [200, 400, 404, 409],
) {
  for (const call of calls.filter((r) => r.scope === "admin")) {
    const nobody = await client.send(call, null);
    assert.equal(nobody.statusCode, 401, client.label(call, "nobody", nobody));
    for (const token of tokens.models) {
      const res = await client.send(call, token);
      assert.equal(res.statusCode, 403, client.label(call, "a model", res));
    }
    const res = await client.send(call, tokens.admin);
    assert.ok(allowed.includes(res.statusCode), client.label(call, "the admin", res));
  }
}

/**
 * Malformed and oversized input to each call, sent by its rightful caller (`who`): ids that are not ids, bodies
 * that are not objects or are too large. Every answer is 400, 404, 409, 413, 414 or 415, never a 500.
 */
export async function assertMalformedRefused(calls: Call[], who: (call: Call) => string | null, client: MatrixClient) {
  const { send, label } = client;
  const badIds = ["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "%00", "1%3Bdrop", "%E2%82%AC"];
  for (const call of calls) {
    const token = who(call);
    const idOf = call.url.match(/\/(\d+)(?=\/|$)/)?.[1];
    if (idOf) {
      for (const bad of badIds) {
        const url = call.url.replace(`/${idOf}`, `/${bad}`);
        const res = await send(call, token, { url });
        assert.ok([400, 404].includes(res.statusCode), label({ ...call, url }, "the rightful caller", res));
      }
    }
    if (!["POST", "PUT", "PATCH"].includes(call.method)) continue;
    if (call.bodyless) {
      const res = await send(call, token, { raw: "{not json" });
      assert.equal(res.statusCode, 400, label(call, "unparsable JSON", res));
      continue;
    }
    for (const raw of ["{not json", "[]", "null", '"text"', JSON.stringify({ text: { $gt: "" } })]) {
      const res = await send(call, token, { raw });
      assert.ok([400, 404, 409, 415].includes(res.statusCode), label(call, `raw ${raw}`, res));
    }
    const huge = "x".repeat(200_000);
    const oversized = Object.fromEntries(Object.keys(call.body ?? { text: "" }).map((k) => [k, huge]));
    const big = await send(call, token, { body: oversized });
    assert.ok([400, 404, 409, 413, 415].includes(big.statusCode), label(call, "oversized fields", big));
    const tooBig = await send(call, token, { raw: JSON.stringify({ text: "x".repeat(3_000_000) }) });
    assert.ok([400, 404, 413, 415].includes(tooBig.statusCode), label(call, "a body over the limit", tooBig));
  }
}
