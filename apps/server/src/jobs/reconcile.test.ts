import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { jobRuns } from "../db/schema";
import { type PaymentsContext, orderRow, pendingOrder, startPaymentsContext } from "../modules/payments/test-support";
import { RECONCILE_JOB, reconcileJob } from "./reconcile";
import { createScheduler } from "./scheduler";

let p: PaymentsContext;
before(async () => {
  p = await startPaymentsContext();
});
after(() => p.close());

const MINUTE = 60_000;

describe("reconcile job", () => {
  test("Mercado Pago failing fails the run: three in a row are counted with its message; a success resets", async () => {
    const order = await pendingOrder(p);
    p.fake.createPayment({ external_reference: order.ref, amount: order.amount });
    let current = Date.now();
    const scheduler = createScheduler({
      app: p.ctx.app,
      database: p.ctx.database,
      jobs: [reconcileJob],
      now: () => new Date(current),
    });
    const row = async () => (await p.ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, RECONCILE_JOB)))[0]!;

    p.fake.fail({ mode: "error500", times: 3 });
    for (const n of [1, 2, 3]) {
      assert.equal(await scheduler.runJob(RECONCILE_JOB), "failed");
      assert.equal((await row()).consecutiveFailures, n);
      current += 5 * MINUTE;
    }
    const failed = await row();
    assert.match(failed.lastError ?? "", /^Mercado Pago respondeu 500/);
    assert.equal(failed.lastErrorAt?.getTime(), current - 5 * MINUTE);
    assert.equal(failed.lastRunAt, null);
    assert.equal((await orderRow(p, order.id)).status, "pending");

    // Mercado Pago answers again: the run pays the order and the count goes back to 0.
    assert.equal(await scheduler.runJob(RECONCILE_JOB), "ran");
    const recovered = await row();
    assert.equal(recovered.consecutiveFailures, 0);
    assert.equal(recovered.lastRunAt?.getTime(), current);
    assert.equal(typeof recovered.lastDurationMs, "number");
    assert.equal((await orderRow(p, order.id)).status, "paid");
  });
});
