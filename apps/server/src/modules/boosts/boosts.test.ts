import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { and, desc, eq, gt, inArray, like } from "drizzle-orm";
import { auditLog, boosts, mailOutbox, modelPayments, models, publicChanges, publicDataVersion } from "../../db/schema";
import { boostsJob } from "../../jobs/boosts";
import { setSetting, updateModel } from "../../test/factories";
import { loginAdmin } from "../../test/factories";
import {
  assertAdminOnly,
  assertMalformedRefused,
  assertRefusedEverywhere,
  type Call,
  matrixClient,
  refusedTokens,
} from "../../test/route-matrix";
import { type PaymentsContext, startPaymentsContext } from "../payments/test-support";
import { boostedPlaces, FEATURED_SLOT_MS } from "./placement";
import { DAY_MS } from "./rules";
import { listOwnBoosts } from "./service";
import { boostAwaitingReview, buyByPix, productOf, publicAdvertiser } from "./test-support";

const SAO_PAULO = 3550308;

let p: PaymentsContext;
let admin: string;
before(async () => {
  p = await startPaymentsContext();
  admin = await loginAdmin(p.ctx.app);
});
after(() => p.close());

const app = () => p.ctx.app;
const modelHook = () => `${p.base}/api/payments/webhook/model`;

async function boostRow(id: number) {
  const [row] = await app().db.select().from(boosts).where(eq(boosts.id, id));
  return row!;
}

async function queueItem(id: number) {
  const res = await p.ctx.as(admin).get("/api/admin/boosts?view=all");
  assert.equal(res.statusCode, 200, res.body);
  const item = (res.json() as { boosts: Array<{ id: number; snapshot_hash: string; phase: string }> }).boosts.find(
    (b) => b.id === id,
  );
  assert.ok(item, `boost ${id} listed`);
  return item;
}

async function approve(id: number) {
  const { snapshot_hash } = await queueItem(id);
  const res = await p.ctx.as(admin).post(`/api/admin/boosts/${id}/approve`, { snapshot_hash });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { boost: { phase: string; starts_at: string; ends_at: string } };
}

/** A live "Destaque" of a new advertiser in São Paulo (bought, paid, approved). */
async function liveFeatured(days = 7) {
  const bought = await boostAwaitingReview(app(), p.fake, { days });
  await approve(bought.boostId);
  return bought;
}

const ownPhase = async (token: string, id: number) => {
  const res = await p.ctx.as(token).get("/api/models/boosts");
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { boosts: Array<{ id: number; phase: string; reject_reason: string | null }> }).boosts.find(
    (b) => b.id === id,
  );
};

/** The public-change tags written after `version`. */
async function tagsSince(version: number) {
  const rows = await app()
    .db.select({ tag: publicChanges.tag })
    .from(publicChanges)
    .where(gt(publicChanges.version, version));
  return new Set(rows.map((r) => r.tag));
}
const currentVersion = async () => (await app().db.select().from(publicDataVersion))[0]!.version;

describe("a boost paid by Pix and its signed webhooks", () => {
  test("50 parallel deliveries apply it once: one boost waiting for review, her plan untouched", async () => {
    const model = await publicAdvertiser(app());
    const before = (await app().db.select().from(models).where(eq(models.id, model.id)))[0]!;
    const bought = await buyByPix(app(), model.token, await productOf(app(), "featured", 7));
    assert.equal((await boostRow(bought.boostId)).status, "pending_payment");
    assert.equal((await ownPhase(model.token, bought.boostId))?.phase, "pending_payment");

    p.fake.setStatus(bought.mpId, "approved", "accredited");
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => {
        let status = 0;
        for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
          status = await p.fake.notify(bought.mpId, { url: modelHook() });
        }
        return status;
      }),
    );
    assert.deepEqual([...new Set(statuses)], [200]);

    const boost = await boostRow(bought.boostId);
    assert.equal(boost.status, "awaiting_review");
    assert.ok(boost.paidAt && boost.submittedAt);
    const [payment] = await app().db.select().from(modelPayments).where(eq(modelPayments.id, bought.paymentId));
    assert.equal(payment.status, "paid");
    assert.equal(payment.amountCents, 2990);
    assert.equal(payment.appliedAt, null, "a boost's payment never moves her plan");
    const after = (await app().db.select().from(models).where(eq(models.id, model.id)))[0]!;
    assert.equal(after.nextDueDate, before.nextDueDate);
    const queue = await p.ctx.as(admin).get("/api/admin/boosts");
    const waiting = (queue.json() as { boosts: Array<{ id: number; waiting_minutes: number }> }).boosts.filter(
      (b) => b.id === bought.boostId,
    );
    assert.equal(waiting.length, 1);
    assert.equal(waiting[0].waiting_minutes, 0);
    // Her receipt: the boost's payment is in her payments.
    const receipt = await p.ctx.as(model.token).get(`/api/payments/model/payments/${bought.paymentId}`);
    assert.equal(receipt.statusCode, 200, receipt.body);
    assert.equal((receipt.json() as { payment: { status: string } }).payment.status, "paid");
    const own = await p.ctx.as(model.token).get("/api/models/boosts");
    const listed = (own.json() as { boosts: Array<{ id: number; payment_id: number; paid_at: string | null }> }).boosts;
    assert.deepEqual(
      listed.filter((b) => b.id === bought.boostId).map((b) => [b.payment_id, Boolean(b.paid_at)]),
      [[bought.paymentId, true]],
    );
  });
});

describe("review", () => {
  test("it starts only after approval, of the ad as it stands", async () => {
    const bought = await boostAwaitingReview(app(), p.fake);
    assert.deepEqual((await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!), false);
    const item = await queueItem(bought.boostId);

    // She edits her ad after the admin opened it: the old digest is refused.
    await updateModel(app(), bought.modelId!, { description: "Texto novo depois da abertura da fila." });
    const stale = await p.ctx.as(admin).post(`/api/admin/boosts/${bought.boostId}/approve`, {
      snapshot_hash: item.snapshot_hash,
    });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.match(stale.json().error, /O anúncio mudou/);

    const version = await currentVersion();
    const approved = await approve(bought.boostId);
    assert.equal(approved.boost.phase, "live");
    const days = (Date.parse(approved.boost.ends_at) - Date.parse(approved.boost.starts_at)) / DAY_MS;
    assert.equal(days, 7);
    assert.ok((await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!));
    assert.equal((await ownPhase(bought.token, bought.boostId))?.phase, "live");
    const tags = await tagsSince(version);
    assert.ok(tags.has(`list:city:${SAO_PAULO}`) && tags.has(`card:${bought.modelId}`), [...tags].join(","));
    const [row] = await app()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "boost.approve"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert.equal(row.targetId, String(bought.boostId));
    // Approving twice is refused.
    const again = await p.ctx.as(admin).post(`/api/admin/boosts/${bought.boostId}/approve`, {
      snapshot_hash: item.snapshot_hash,
    });
    assert.equal(again.statusCode, 409);
  });

  test("it expires by itself (a moved clock), and the job touches the cached city page", async () => {
    const bought = await liveFeatured(3);
    const boost = await boostRow(bought.boostId);
    const later = new Date(boost.endsAt!.getTime() + 1000);
    const justBefore = new Date(boost.endsAt!.getTime() - 1000);
    assert.ok((await boostedPlaces(app().db, SAO_PAULO, justBefore)).featured.includes(bought.modelId!));
    assert.ok(!(await boostedPlaces(app().db, SAO_PAULO, later)).featured.includes(bought.modelId!));
    const own = await listOwnBoosts({ db: app().db, modelId: bought.modelId!, now: later });
    assert.equal(own.boosts.find((b) => b.id === bought.boostId)?.phase, "ended");

    const version = await currentVersion();
    await boostsJob.run({ app: app(), now: later, state: {} });
    assert.equal((await boostRow(bought.boostId)).publicState, "off");
    const tags = await tagsSince(version);
    assert.ok(tags.has(`list:city:${SAO_PAULO}`) && tags.has(`card:${bought.modelId}`), [...tags].join(","));
  });

  test("an edit while it runs pauses it until a new review; the clock does not extend", async () => {
    const bought = await liveFeatured(7);
    const endsAt = (await boostRow(bought.boostId)).endsAt!.getTime();
    await updateModel(app(), bought.modelId!, { description: "Mudei o texto com o destaque no ar." });
    const paused = await boostRow(bought.boostId);
    assert.equal(paused.status, "awaiting_review");
    assert.ok(paused.pausedAt);
    assert.equal((await ownPhase(bought.token, bought.boostId))?.phase, "paused");
    assert.ok(!(await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!));
    const queue = await p.ctx.as(admin).get("/api/admin/boosts");
    assert.ok((queue.json() as { boosts: Array<{ id: number }> }).boosts.some((b) => b.id === bought.boostId));

    await approve(bought.boostId);
    const resumed = await boostRow(bought.boostId);
    assert.equal(resumed.status, "approved");
    assert.equal(resumed.pausedAt, null);
    assert.equal(resumed.endsAt!.getTime(), endsAt);
    assert.ok((await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!));
  });

  test("a rejection refunds it through Mercado Pago and tells her why", async () => {
    const bought = await boostAwaitingReview(app(), p.fake);
    const refundsBefore = p.fake.refunds.length;
    const reason = "As fotos públicas mostram dados de contato.";
    const res = await p.ctx.as(admin).post(`/api/admin/boosts/${bought.boostId}/reject`, { reason });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { boost: { phase: string } }).boost.phase, "rejected");

    assert.equal(p.fake.refunds.length, refundsBefore + 1);
    assert.equal(p.fake.refunds.at(-1)!.payment_id, bought.mpId);
    assert.equal(p.fake.payments.get(bought.mpId)!.status, "refunded");
    const boost = await boostRow(bought.boostId);
    assert.equal(boost.status, "rejected");
    assert.equal(boost.rejectReason, reason);
    assert.ok(boost.refundId);
    const [payment] = await app().db.select().from(modelPayments).where(eq(modelPayments.id, bought.paymentId));
    assert.equal(payment.status, "refunded");
    const own = await ownPhase(bought.token, bought.boostId);
    assert.equal(own?.phase, "rejected");
    assert.equal(own?.reject_reason, reason);
    const [model] = await app().db.select({ email: models.email }).from(models).where(eq(models.id, bought.modelId!));
    const mail = await app()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, model.email), like(mailOutbox.subject, "%Impulsionamento recusado%")));
    assert.equal(mail.length, 1);
    assert.match(mail[0].textBody, /dados de contato/);

    // Mercado Pago's notification of the refund changes nothing more; a second rejection is refused, no refund.
    assert.equal(await p.fake.notify(bought.mpId, { url: modelHook() }), 200);
    assert.equal((await boostRow(bought.boostId)).status, "rejected");
    const again = await p.ctx.as(admin).post(`/api/admin/boosts/${bought.boostId}/reject`, { reason });
    assert.equal(again.statusCode, 409);
    assert.equal(p.fake.refunds.length, refundsBefore + 1);
  });

  test("a refund or chargeback notified by Mercado Pago takes a live boost back", async () => {
    const bought = await liveFeatured(7);
    assert.ok((await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!));
    p.fake.setStatus(bought.mpId, "charged_back");
    assert.equal(await p.fake.notify(bought.mpId, { url: modelHook() }), 200);
    assert.equal((await boostRow(bought.boostId)).status, "refunded");
    assert.ok(!(await boostedPlaces(app().db, SAO_PAULO)).featured.includes(bought.modelId!));
    assert.equal((await ownPhase(bought.token, bought.boostId))?.phase, "refunded");
  });
});

describe("placement", () => {
  test("the featured places are bounded and rotate among every boost bought, constant within a slot", async () => {
    // Earlier tests' boosts in São Paulo are ended or taken back by now, apart from these.
    await setSetting(app(), "boost_featured_places", "2");
    const bought = [];
    for (let i = 0; i < 3; i++) bought.push(await liveFeatured(7));
    const ours = new Set(bought.map((b) => b.modelId!));
    const live = (await boostedPlaces(app().db, SAO_PAULO)).featured;
    const all = new Set(live);
    const count = (
      await app()
        .db.select()
        .from(boosts)
        .where(and(eq(boosts.status, "approved"), eq(boosts.kind, "featured"), eq(boosts.cityId, SAO_PAULO)))
    ).length;
    assert.ok(count >= 3);
    assert.equal(live.length, 2, "at most the places set");

    // From the next slot on (the boosts started a moment ago).
    const base = (Math.floor(Date.now() / FEATURED_SLOT_MS) + 1) * FEATURED_SLOT_MS + 1000;
    const seen = new Map<number, number>();
    let total = 0;
    for (let slot = 0; slot < 12; slot++) {
      const at = new Date(base + slot * FEATURED_SLOT_MS);
      const first = (await boostedPlaces(app().db, SAO_PAULO, at)).featured;
      const within = (await boostedPlaces(app().db, SAO_PAULO, new Date(at.getTime() + FEATURED_SLOT_MS - 2000)))
        .featured;
      assert.deepEqual(within, first, "the same answer for the whole slot");
      assert.equal(first.length, 2);
      for (const id of first) {
        all.add(id);
        seen.set(id, (seen.get(id) ?? 0) + 1);
        total += 1;
      }
    }
    for (const id of ours) assert.ok(all.has(id), `model ${id} gets its turn`);
    const shares = [...seen.values()];
    assert.ok(Math.max(...shares) - Math.min(...shares) <= 2, `fair shares: ${shares.join(",")} of ${total}`);
    await setSetting(app(), "boost_featured_places", "4");
  });

  test("a bump at a chosen hour waits for it; bumped cards come latest move first", async () => {
    const first = await boostAwaitingReview(app(), p.fake, { kind: "bump", days: 1 });
    await approve(first.boostId);
    const second = await boostAwaitingReview(app(), p.fake, { kind: "bump", days: 3 });
    await approve(second.boostId);
    const soon = new Date(Date.now() + 60_000);
    const { bumped } = await boostedPlaces(app().db, SAO_PAULO, soon);
    assert.ok(bumped.indexOf(second.modelId!) < bumped.indexOf(first.modelId!), bumped.join(","));
    assert.ok(bumped.indexOf(first.modelId!) >= 0);

    // São Paulo's hour three hours from now: scheduled, then live at that hour.
    const hour = (new Date(Date.now() - 3 * 3_600_000).getUTCHours() + 3) % 24;
    const later = await boostAwaitingReview(app(), p.fake, { kind: "bump", days: 1, bumpHour: hour });
    const approved = await approve(later.boostId);
    assert.equal(approved.boost.phase, "scheduled");
    const startsAt = Date.parse(approved.boost.starts_at);
    assert.ok(startsAt > Date.now() + 2 * 3_600_000 && startsAt <= Date.now() + 3 * 3_600_000);
    assert.ok(!(await boostedPlaces(app().db, SAO_PAULO)).bumped.includes(later.modelId!));
    const atHour = new Date(startsAt + 1000);
    assert.equal((await boostedPlaces(app().db, SAO_PAULO, atHour)).bumped[0], later.modelId);
    // Once a day for its days, then over.
    assert.ok(
      !(await boostedPlaces(app().db, SAO_PAULO, new Date(startsAt + DAY_MS + 1000))).bumped.includes(later.modelId!),
    );
  });
});

describe("authorization and input", () => {
  test("every route refuses the wrong caller", async () => {
    const owner = await publicAdvertiser(app());
    const other = await publicAdvertiser(app());
    const waiting = await boostAwaitingReview(app(), p.fake, { token: owner.token });
    const productId = await productOf(app(), "featured", 3);
    const routes: Call[] = [
      { method: "GET", url: "/api/models/boosts", scope: "model" },
      { method: "POST", url: "/api/models/boosts/pix", scope: "model", body: { product_id: productId } },
      { method: "POST", url: "/api/models/boosts/checkout", scope: "model", body: { product_id: productId } },
      { method: "GET", url: "/api/admin/boosts", scope: "admin" },
      {
        method: "POST",
        url: `/api/admin/boosts/${waiting.boostId}/approve`,
        scope: "admin",
        body: { snapshot_hash: "0".repeat(64) },
      },
      { method: "POST", url: `/api/admin/boosts/${waiting.boostId}/reject`, scope: "admin", body: { reason: "abc" } },
      { method: "GET", url: "/api/admin/boost-products", scope: "admin" },
      { method: "PATCH", url: `/api/admin/boost-products/${productId}`, scope: "admin", body: { price_cents: 1 } },
    ];
    const client = matrixClient(app());
    for (const call of routes) {
      const res = await client.send(call, null);
      assert.equal(res.statusCode, 401, client.label(call, "nobody", res));
    }
    const {
      refused,
      modelToken,
      admin: adminToken,
    } = await refusedTokens(app(), { id: other.id, token: other.token }, owner.id, async () => {
      const res = await app().inject({
        method: "POST",
        url: "/api/auth/model/login",
        payload: { email: other.body.email, password: other.body.password },
      });
      return (res.json() as { token: string }).token;
    });
    await assertRefusedEverywhere(routes, refused, client);
    await assertAdminOnly(routes, { admin: adminToken, models: [owner.token, modelToken] }, client);
    // The signed-in admin for the rest of the file (refusedTokens ended the earlier admin sessions).
    admin = adminToken;
    for (const call of routes.filter((r) => r.scope === "model")) {
      const res = await client.send(call, adminToken);
      assert.equal(res.statusCode, 403, client.label(call, "the admin", res));
      assert.match(res.json().error, /Acesso restrito a modelos/);
    }
    // Another model sees none of her boosts.
    const theirs = await p.ctx.as(modelToken).get("/api/models/boosts");
    assert.equal(theirs.statusCode, 200, theirs.body);
    assert.ok(!(theirs.json() as { boosts: Array<{ id: number }> }).boosts.some((b) => b.id === waiting.boostId));
    await assertMalformedRefused(routes, (call) => (call.scope === "admin" ? adminToken : owner.token), client);
  });

  test("bad input is 400 in Portuguese", async () => {
    const owner = await publicAdvertiser(app());
    const featured = await productOf(app(), "featured", 7);
    const bump = await productOf(app(), "bump", 1);
    const as = p.ctx.as(owner.token);
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["/api/models/boosts/pix", { product_id: "abc" }, /Identificador inválido/],
      ["/api/models/boosts/pix", { product_id: bump, bump_hour: 24 }, /Horário inválido/],
      ["/api/models/boosts/checkout", { product_id: bump, bump_hour: 7.5 }, /Horário inválido/],
    ];
    for (const [url, body, message] of cases) {
      const res = await as.post(url, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, "VALIDATION_ERROR");
      assert.match(JSON.stringify(res.json().details), message);
    }
    const hourOnFeatured = await as.post("/api/models/boosts/pix", { product_id: featured, bump_hour: 10 });
    assert.equal(hourOnFeatured.statusCode, 400);
    assert.match(hourOnFeatured.json().error, /Só o “Subir anúncio” tem horário/);
    const missing = await as.post("/api/models/boosts/pix", { product_id: 999_999 });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.json().error, /Impulsionamento não encontrado/);

    const waiting = await boostAwaitingReview(app(), p.fake, { token: owner.token });
    const adminAs = p.ctx.as(admin);
    const short = await adminAs.post(`/api/admin/boosts/${waiting.boostId}/reject`, { reason: "não" });
    assert.equal(short.statusCode, 400);
    assert.match(JSON.stringify(short.json().details), /ao menos 5 caracteres/);
    const badHash = await adminAs.post(`/api/admin/boosts/${waiting.boostId}/approve`, { snapshot_hash: "x" });
    assert.equal(badHash.statusCode, 400);
    assert.match(JSON.stringify(badHash.json().details), /Versão do anúncio inválida/);
    const cents = await adminAs.patch(`/api/admin/boost-products/${featured}`, { price_cents: 19.9 });
    assert.equal(cents.statusCode, 400);
    assert.match(JSON.stringify(cents.json().details), /centavos inteiros/);
    const nothing = await adminAs.patch(`/api/admin/boost-products/${featured}`, {});
    assert.equal(nothing.statusCode, 400);
    assert.match(JSON.stringify(nothing.json().details), /Nada a alterar/);
  });

  test("the admin sets a product's price in exact cents and days, audited; a boost keeps what it was bought for", async () => {
    const id = await productOf(app(), "featured", 30);
    const res = await p.ctx.as(admin).patch(`/api/admin/boost-products/${id}`, { price_cents: 12_345 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { product: { price_cents: number } }).product.price_cents, 12_345);
    const [row] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "boost_product.update"), eq(auditLog.targetId, String(id))));
    assert.deepEqual(row.changes, { price_cents: { from: 9990, to: 12_345 } });
    const owner = await publicAdvertiser(app());
    const bought = await buyByPix(app(), owner.token, id);
    const [payment] = await app()
      .db.select()
      .from(modelPayments)
      .where(inArray(modelPayments.id, [bought.paymentId]));
    assert.equal(payment.amountCents, 12_345);
    assert.equal(p.fake.payments.get(bought.mpId)!.transaction_amount, 123.45);
  });
});
