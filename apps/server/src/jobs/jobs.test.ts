import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { eq, inArray } from "drizzle-orm";
import { saoPauloMoment } from "../demo/demo-time";
import {
  directLoginTokens,
  identityVerifications,
  jobRuns,
  loginThrottle,
  modelPayments,
  orders,
  passkeyChallenges,
  pendingFileDeletions,
  publicDataVersion,
  visitorMarks,
} from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { countOncePerDay } from "../modules/public-models/visitor-marks";
import type { ModelEvent } from "../plugins/events";
import { buildModel, buildOrder, buildPayment } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { cleanupJob } from "./cleanup";
import { EXPIRY_GRACE_MS, expirePendingJob } from "./expire-pending";
import { planExpiryJob } from "./plan-expiry";
import { createScheduler, type Job } from "./scheduler";
import { storageSweepJob } from "./storage-sweep";
import { withoutId } from "../test/events";

const ctx = useTestContext();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Runs one job as the scheduler does, at the moment `clock.now` says (moved by the test). */
function jobRunner(job: Job, start: Date) {
  let current = start.getTime();
  const scheduler = createScheduler({
    app: ctx.app,
    database: ctx.database,
    jobs: [job],
    now: () => new Date(current),
  });
  return {
    run: () => scheduler.runJob(job.name),
    /** Moves the clock to `minuteOfDay` of São Paulo's day `day`. */
    at: (day: string, minuteOfDay = 12 * 60) => void (current = saoPauloMoment(day, minuteOfDay).getTime()),
    advance: (ms: number) => void (current += ms),
  };
}

/** Events published while `fn` runs. */
async function eventsDuring(fn: () => Promise<unknown>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  const unsubscribe = ctx.app.events.subscribe((event) => events.push(withoutId(event)));
  try {
    await fn();
  } finally {
    unsubscribe();
  }
  return events;
}

const publicIds = async (cityId: number) => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}&limit=50` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { models: { id: number }[] }).models.map((m) => m.id).sort((a, b) => a - b);
};

const dataVersion = async () =>
  (await ctx.app.db.select().from(publicDataVersion).where(eq(publicDataVersion.id, 1)))[0]!.version;

describe("plan-expiry", () => {
  const MANAUS = 1302603;
  const today = todayInSaoPaulo();
  beforeEach(async () => {
    await ctx.app.db.delete(jobRuns);
  });

  test("announces a plan ending today: model_status_updated, the version moves, the model is off the public list", async () => {
    const ending = await buildModel(ctx.app, { municipioId: MANAUS, validDays: 0 });
    const valid = await buildModel(ctx.app, { municipioId: MANAUS, validDays: 1 });
    const inactive = await buildModel(ctx.app, { municipioId: MANAUS, validDays: 0, isActive: false });
    const deleted = await buildModel(ctx.app, { municipioId: MANAUS, validDays: 0, deletedAt: new Date() });
    const yesterday = await buildModel(ctx.app, { municipioId: MANAUS, validDays: -1 });
    const job = jobRunner(planExpiryJob, new Date());
    job.at(today, 0); // the first minute of the day
    const versionBefore = await dataVersion();

    const events = await eventsDuring(async () => assert.equal(await job.run(), "ran"));
    const mine = new Set([ending, valid, inactive, deleted, yesterday]);
    // The first run announces today only; models hidden for another reason were never public: nothing is said.
    assert.deepEqual(
      events.filter((e) => mine.has(e.model_id)),
      [{ type: "model_status_updated", model_id: ending }],
    );
    assert.ok((await dataVersion()) > versionBefore);
    assert.deepEqual(await publicIds(MANAUS), [valid]);
    const [row] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, "plan-expiry"));
    assert.deepEqual(row.state, { lastAnnouncedDay: today });

    // A later run of the same day announces nothing again and leaves the version alone.
    const versionAfter = await dataVersion();
    job.advance(MINUTE);
    const again = await eventsDuring(async () => assert.equal(await job.run(), "ran"));
    assert.deepEqual(again, []);
    assert.equal(await dataVersion(), versionAfter);
  });

  test("after a pause, the next run catches up on every day it missed, once", async () => {
    const BELEM = 1501402;
    const dueBefore = await buildModel(ctx.app, { municipioId: BELEM, validDays: -3 });
    const dueMissed1 = await buildModel(ctx.app, { municipioId: BELEM, validDays: -2 });
    const dueMissed2 = await buildModel(ctx.app, { municipioId: BELEM, validDays: -1 });
    const dueTomorrow = await buildModel(ctx.app, { municipioId: BELEM, validDays: 1 });
    const mine = new Set([dueBefore, dueMissed1, dueMissed2, dueTomorrow]);
    const job = jobRunner(planExpiryJob, new Date());
    job.at(addDays(today, -3));
    const first = await eventsDuring(job.run);
    assert.deepEqual(
      first.filter((e) => mine.has(e.model_id)).map((e) => e.model_id),
      [dueBefore],
    );

    // Two days without a run (a long deploy): the run of today covers them and today.
    job.at(today, 30);
    const caughtUp = await eventsDuring(job.run);
    assert.deepEqual(
      caughtUp.filter((e) => mine.has(e.model_id)).map((e) => e.model_id),
      [dueMissed1, dueMissed2],
    );

    // Tomorrow, the model due tomorrow (her plan is valid while today < due date) is announced.
    job.at(addDays(today, 1), 5);
    const tomorrow = await eventsDuring(job.run);
    assert.deepEqual(
      tomorrow.filter((e) => mine.has(e.model_id)).map((e) => e.model_id),
      [dueTomorrow],
    );
  });
});

describe("expire-pending", () => {
  test("cancels pending payments and orders past their deadline; leaves paid, other and unexpired ones", async () => {
    const now = new Date();
    const longAgo = new Date(now.getTime() - HOUR);
    const justNow = new Date(now.getTime() - EXPIRY_GRACE_MS / 2);
    const later = new Date(now.getTime() + 20 * MINUTE);
    const model = await buildModel(ctx.app);
    const other = await buildModel(ctx.app);
    const pix = { modelId: model, method: "mercadopago_pix", status: "pending" } as const;
    const payments = {
      overdue: await buildPayment(ctx.app, { ...pix, expiresAt: longAgo, paymentId: `mp-${model}-1` }),
      inGrace: await buildPayment(ctx.app, { ...pix, expiresAt: justNow }),
      open: await buildPayment(ctx.app, { ...pix, expiresAt: later }),
      paid: await buildPayment(ctx.app, { ...pix, status: "paid", expiresAt: longAgo }),
      failed: await buildPayment(ctx.app, { ...pix, status: "failed", expiresAt: longAgo }),
      noDeadline: await buildPayment(ctx.app, { modelId: other, method: "pix", status: "pending" }),
    };
    const orderIds = {
      overdue: await buildOrder(ctx.app, { modelId: model, expiresAt: longAgo }),
      overdueMp: await buildOrder(ctx.app, { modelId: model, method: "mercadopago_pix", expiresAt: longAgo }),
      open: await buildOrder(ctx.app, { modelId: model, expiresAt: later }),
      paid: await buildOrder(ctx.app, { modelId: model, status: "paid", paidAt: longAgo, expiresAt: longAgo }),
      refunded: await buildOrder(ctx.app, { modelId: model, status: "refunded", expiresAt: longAgo }),
      noDeadline: await buildOrder(ctx.app, { modelId: model }),
    };

    const job = jobRunner(expirePendingJob, now);
    const events = await eventsDuring(job.run);
    assert.deepEqual(events, [{ type: "model_payment_updated", model_id: model }]);

    const paymentStatus = Object.fromEntries(
      (
        await ctx.app.db
          .select({ id: modelPayments.id, status: modelPayments.status })
          .from(modelPayments)
          .where(inArray(modelPayments.id, Object.values(payments)))
      ).map((r) => [r.id, r.status]),
    );
    assert.deepEqual(Object.fromEntries(Object.entries(payments).map(([k, id]) => [k, paymentStatus[id]])), {
      overdue: "cancelled",
      inGrace: "pending",
      open: "pending",
      paid: "paid",
      failed: "failed",
      noDeadline: "pending",
    });
    const orderStatus = Object.fromEntries(
      (
        await ctx.app.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, Object.values(orderIds)))
      ).map((r) => [r.id, r.status]),
    );
    assert.deepEqual(Object.fromEntries(Object.entries(orderIds).map(([k, id]) => [k, orderStatus[id]])), {
      overdue: "cancelled",
      overdueMp: "cancelled",
      open: "pending",
      paid: "paid",
      refunded: "refunded",
      noDeadline: "pending",
    });

    // Once the grace period is over the next run cancels the other one; nothing else moves, nothing twice.
    job.advance(EXPIRY_GRACE_MS);
    const next = await eventsDuring(job.run);
    assert.deepEqual(next, [{ type: "model_payment_updated", model_id: model }]);
    const [inGrace] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, payments.inGrace));
    assert.equal(inGrace.status, "cancelled");
    job.advance(MINUTE);
    assert.deepEqual(await eventsDuring(job.run), []);
  });
  test("a hidden model's cancelled charge is not named on the public live stream", async () => {
    // Later than the runs above, so that the job is due again.
    const now = new Date(Date.now() + 2 * HOUR);
    const hidden = await buildModel(ctx.app, { isActive: false });
    const payment = await buildPayment(ctx.app, {
      modelId: hidden,
      method: "mercadopago_pix",
      status: "pending",
      expiresAt: new Date(now.getTime() - HOUR),
    });
    const events = await eventsDuring(jobRunner(expirePendingJob, now).run);
    // Only her own stream hears of it (an event type the public stream never relays).
    assert.deepEqual(
      events.filter((e) => e.model_id === hidden),
      [{ type: "own_payment_updated", model_id: hidden }],
    );
    const [row] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, payment));
    assert.equal(row.status, "cancelled");
  });
});

describe("clean-ups", () => {
  test("earlier days' visitor marks go; today's stay; a mark of yesterday never counted as today's", async () => {
    await ctx.app.db.delete(jobRuns);
    const id = await buildModel(ctx.app);
    const today = todayInSaoPaulo();
    const yesterday = addDays(today, -1);
    await ctx.app.db.insert(visitorMarks).values([
      { day: addDays(today, -5), kind: "view", modelId: id, visitorHash: "antigo" },
      { day: yesterday, kind: "view", modelId: id, visitorHash: "mesmo" },
    ]);
    // The request path no longer purges: yesterday's mark stays until the job, and does not block today's count.
    assert.equal(await countOncePerDay({ db: ctx.app.db, kind: "view", modelId: id, visitorHash: "mesmo" }), true);
    assert.equal(await countOncePerDay({ db: ctx.app.db, kind: "view", modelId: id, visitorHash: "mesmo" }), false);
    assert.equal((await ctx.app.db.select().from(visitorMarks).where(eq(visitorMarks.modelId, id))).length, 3);

    await jobRunner(cleanupJob, saoPauloMoment(today, 0)).run();
    const left = await ctx.app.db.select().from(visitorMarks).where(eq(visitorMarks.modelId, id));
    assert.deepEqual(
      left.map((m) => [m.day, m.visitorHash]),
      [[today, "mesmo"]],
    );
  });

  test("login backoff rows untouched for a day, and used or expired direct-login tokens, go", async () => {
    await ctx.app.db.delete(jobRuns);
    const now = new Date();
    await ctx.app.db.insert(loginThrottle).values([
      { accountKey: "model:velho@example.com|x", failures: 7, updatedAt: new Date(now.getTime() - 25 * HOUR) },
      { accountKey: "model:recente@example.com|x", failures: 7, updatedAt: new Date(now.getTime() - 23 * HOUR) },
    ]);
    const model = await buildModel(ctx.app);
    const token = (name: string, expiresAt: Date, usedAt: Date | null = null) => ({
      tokenHash: `${name}-${model}`,
      modelId: model,
      expiresAt,
      usedAt,
    });
    await ctx.app.db
      .insert(directLoginTokens)
      .values([
        token("valido", new Date(now.getTime() + 4 * MINUTE)),
        token("usado", new Date(now.getTime() + 4 * MINUTE), new Date(now.getTime() - MINUTE)),
        token("vencido", new Date(now.getTime() - MINUTE)),
      ]);

    assert.equal(await jobRunner(cleanupJob, now).run(), "ran");
    assert.deepEqual(
      (await ctx.app.db.select().from(loginThrottle)).map((r) => r.accountKey),
      ["model:recente@example.com|x"],
    );
    assert.deepEqual(
      (await ctx.app.db.select().from(directLoginTokens).where(eq(directLoginTokens.modelId, model))).map(
        (r) => r.tokenHash,
      ),
      [`valido-${model}`],
    );
  });

  test("passkey challenges past their expiry, and verifications left started at the verifier for a day, go", async () => {
    await ctx.app.db.delete(jobRuns);
    const now = new Date();
    const challenge = (name: string, expiresAt: Date) => ({
      challenge: name,
      purpose: "sign_in" as const,
      accountKind: "model" as const,
      accountId: null,
      expiresAt,
    });
    await ctx.app.db
      .insert(passkeyChallenges)
      .values([
        challenge("aberto", new Date(now.getTime() + 4 * MINUTE)),
        challenge("vencido", new Date(now.getTime() - MINUTE)),
      ]);
    const model = await buildModel(ctx.app);
    const flow = (status: string, createdAt: Date) => ({ modelId: model, method: "verifier", status, createdAt });
    await ctx.app.db
      .insert(identityVerifications)
      .values([
        flow("started", new Date(now.getTime() - 25 * HOUR)),
        flow("started", new Date(now.getTime() - 23 * HOUR)),
        flow("cancelled", new Date(now.getTime() - 48 * HOUR)),
      ]);

    assert.equal(await jobRunner(cleanupJob, now).run(), "ran");
    assert.deepEqual(
      (await ctx.app.db.select().from(passkeyChallenges)).map((r) => r.challenge),
      ["aberto"],
    );
    const left = await ctx.app.db.select().from(identityVerifications).where(eq(identityVerifications.modelId, model));
    assert.deepEqual(
      left.map((r) => [r.status, Math.round((now.getTime() - r.createdAt.getTime()) / HOUR)]).sort(),
      [
        ["cancelled", 48],
        ["started", 23],
      ],
      "a flow started less than a day ago stays (she may still be at the verifier); a finished one stays",
    );
  });

  test("the storage sweep job removes the files of queued deletions", async () => {
    await ctx.app.db.delete(jobRuns);
    const key = `photos/${"c".repeat(32)}-400.webp`;
    await ctx.app.storage.put(key, Buffer.from("x"), "image/webp");
    await ctx.app.db.insert(pendingFileDeletions).values({ fileKey: key });
    assert.equal(await jobRunner(storageSweepJob(15 * MINUTE), new Date()).run(), "ran");
    assert.equal(await ctx.app.storage.get(key), null);
    assert.deepEqual(await ctx.app.db.select().from(pendingFileDeletions), []);
  });
});
