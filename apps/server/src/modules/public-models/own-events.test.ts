import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { before, describe, test } from "node:test";
import { SignJWT } from "jose";
import { agePassCookies } from "../../test/age-pass";
import { verifierMode } from "../../test/age-verifier";
import { raiseEvents, readUntil } from "../../test/events";
import { bearer, loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { todayInSaoPaulo, addDays } from "../../lib/dates";
import { OWN_EVENTS_TICKET_INVALID_MESSAGE, signOwnEventsTicket } from "./own-events";

/** A verifier nobody reaches: nobody here holds an age pass. */
const NO_VERIFIER = { issuer: "http://127.0.0.1:9/verificador", clientId: "vitrine", clientSecret: "segredo" };

const ctx = useTestContext({ ageAssurance: verifierMode(NO_VERIFIER) });
let baseUrl: string;
before(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

async function ticketFor(token: string): Promise<string> {
  const res = await ctx.app.inject({ method: "POST", url: "/api/models/events/ticket", headers: bearer(token) });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json() as { ticket: string; expires_at: string };
  const seconds = (Date.parse(body.expires_at) - Date.now()) / 1000;
  assert.ok(seconds > 0 && seconds <= 60, `a short-lived ticket (${seconds} s)`);
  return body.ticket;
}

/** Opens her stream; the caller aborts it. */
async function openStream(ticket: string | null, extra = "") {
  const controller = new AbortController();
  const query = ticket === null ? "" : `?ticket=${encodeURIComponent(ticket)}`;
  const res = await fetch(`${baseUrl}/api/models/own-events${query}${extra}`, { signal: controller.signal });
  return { res, close: () => controller.abort() };
}

async function assertRefused(ticket: string | null, what: string) {
  const { res, close } = await openStream(ticket);
  assert.equal(res.status, 401, what);
  const body = (await res.json()) as { code: string; error: string };
  assert.equal(body.code, "UNAUTHENTICATED", what);
  assert.equal(body.error, OWN_EVENTS_TICKET_INVALID_MESSAGE, what);
  close();
}

describe("the advertiser's own live stream", () => {
  test("opens without an age pass (the visitors' stream is refused) and carries her payment's confirmation", async () => {
    const her = await registerModel(ctx.app);
    const other = await registerModel(ctx.app);
    const visitors = await fetch(`${baseUrl}/api/models/events`);
    assert.equal(visitors.status, 403, "the visitors' stream needs the age pass");
    await visitors.body?.cancel();

    // A visitor holding a pass: the public stream, to show it never hears of her (hidden throughout).
    const publicStream = new AbortController();
    const watching = await fetch(`${baseUrl}/api/models/events`, {
      headers: { cookie: await agePassCookies(ctx.config.jwtSecret) },
      signal: publicStream.signal,
    });
    assert.equal(watching.status, 200);
    const publicReader = watching.body!.getReader();
    await readUntil(publicReader, (t) => t.includes("event: version"));

    const { res, close } = await openStream(await ticketFor(her.token));
    try {
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/event-stream/);
      const reader = res.body!.getReader();
      const opening = await readUntil(reader, (t) => t.includes(": connected"));
      assert.doesNotMatch(opening, /event: version/, "nothing of the public data");

      // Another model's event does not reach her; an admin confirming her payment does, at once.
      await raiseEvents(ctx.app, [{ type: "model_payment_updated", model_id: other.id }]);
      const admin = await loginAdmin(ctx.app);
      const paid = await ctx.app.inject({
        method: "POST",
        url: `/api/admin/models/${her.id}/payments`,
        headers: bearer(admin),
        payload: { amount: "59,90", method: "cash", due_date: addDays(todayInSaoPaulo(), 30) },
      });
      assert.equal(paid.statusCode, 201, paid.body);
      const text = await readUntil(reader, (t) => t.includes(`"model_id":${her.id}`));
      assert.match(text, new RegExp(`data: \\{"type":"model_payment_updated","model_id":${her.id}\\}`));
      assert.doesNotMatch(text, new RegExp(`"model_id":${other.id}\\b`));

      // The public stream, in id order: the other model's event, then a later marker, and nothing of hers between.
      await raiseEvents(ctx.app, [{ type: "model_status_updated", model_id: 999_999 }]);
      const heard = await readUntil(publicReader, (t) => t.includes('"model_id":999999'));
      assert.match(heard, new RegExp(`"model_id":${other.id}\\b`));
      assert.doesNotMatch(heard, new RegExp(`"model_id":${her.id}\\b`), "the public stream never names her");
    } finally {
      close();
      publicStream.abort();
    }
  });

  test("resumes after an event id with her missed events only", async () => {
    const her = await registerModel(ctx.app);
    const other = await registerModel(ctx.app);
    const after = await ctx.app.events.lastId();
    await raiseEvents(ctx.app, [
      { type: "model_status_updated", model_id: other.id },
      { type: "model_status_updated", model_id: her.id },
    ]);
    const { res, close } = await openStream(await ticketFor(her.token), `&after=${after}`);
    try {
      const text = await readUntil(res.body!.getReader(), (t) => t.includes(`"model_id":${her.id}`));
      assert.match(text, new RegExp(`id: ${after + 2}\\ndata: .*"model_id":${her.id}`));
      assert.doesNotMatch(text, new RegExp(`"model_id":${other.id}\\b`));
    } finally {
      close();
    }
  });

  test("refuses no ticket, a forged or expired one, her session token, and a ticket of a session ended since", async () => {
    const her = await registerModel(ctx.app);
    await assertRefused(null, "no ticket");
    await assertRefused("", "empty");
    const valid = await ticketFor(her.token);
    await assertRefused(`${valid.slice(0, -4)}AAAA`, "forged signature");
    const otherKey = await new SignJWT({ sid: "x", sv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("vitrine:own-events")
      .setSubject(String(her.id))
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(new TextEncoder().encode("outra-chave"));
    await assertRefused(otherKey, "another key");
    await assertRefused(her.token, "her bearer token is no ticket");
    const expired = await signOwnEventsTicket({
      secret: ctx.config.jwtSecret,
      modelId: her.id,
      sessionId: "s",
      sessionVersion: 0,
      now: new Date(Date.now() - 2 * 60_000),
    });
    await assertRefused(expired.ticket, "expired");

    // A second sign-in ends the others: the first one's ticket no longer opens anything.
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: her.body.email, password: her.body.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    const second = (login.json() as { token: string }).token;
    const ended = await ctx.app.inject({
      method: "POST",
      url: "/api/models/sessions/end-others",
      headers: bearer(second),
    });
    assert.equal(ended.statusCode, 200, ended.body);
    await assertRefused(valid, "session ended");
    const { res, close } = await openStream(await ticketFor(second));
    assert.equal(res.status, 200, "the live session still opens hers");
    close();
  });

  test("only a signed-in model gets a ticket: none without a token, none for an admin", async () => {
    const none = await ctx.app.inject({ method: "POST", url: "/api/models/events/ticket" });
    assert.equal(none.statusCode, 401);
    const admin = await loginAdmin(ctx.app);
    const asAdmin = await ctx.app.inject({ method: "POST", url: "/api/models/events/ticket", headers: bearer(admin) });
    assert.equal(asAdmin.statusCode, 403);
  });
});
