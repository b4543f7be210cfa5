import { and, eq, isNotNull, lte } from "drizzle-orm";
import { modelPayments, orders } from "../db/schema";
import { recordModelChange } from "../modules/models/publish";
import type { Job } from "./scheduler";

export const EXPIRE_PENDING_JOB = "expire-pending";

/**
 * A charge is cancelled this long after its deadline, not at once: a Pix paid in its last seconds whose webhook
 * was lost is still pending when the reconciliation (every 5 minutes) re-reads it, and is settled as paid.
 */
export const EXPIRY_GRACE_MS = 10 * 60_000;

/**
 * Cancels pending model payments and shop orders whose deadline (expires_at: a Pix code's 30 minutes, a checkout
 * link's days, a PIX Manual order's 24 hours) has passed, so the admin lists and the payer's page stop showing
 * them as awaiting payment. Only pending records change, each in one statement that re-checks the status, so a
 * record settled meanwhile is left alone; a record without a deadline (an admin's cash or manual payment) never
 * expires. A late approval still settles a cancelled record (cancelled → paid is allowed). Cancelling a pending
 * payment moves no date (it was never applied): each model is told of as a payment change through the one rule of
 * the live stream (recordModelChange, in the same transaction), so a model the public does not see is not named.
 */
export const expirePendingJob: Job = {
  name: EXPIRE_PENDING_JOB,
  label: "Expiração de cobranças pendentes",
  description: "Cancela as cobranças e os pedidos pendentes cujo prazo de pagamento passou.",
  intervalMs: 60_000,
  async run({ app, now }) {
    const deadline = new Date(now.getTime() - EXPIRY_GRACE_MS);
    const payments = await app.db.transaction(async (tx) => {
      const cancelled = await tx
        .update(modelPayments)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(modelPayments.status, "pending"),
            isNotNull(modelPayments.expiresAt),
            lte(modelPayments.expiresAt, deadline),
          ),
        )
        .returning({ id: modelPayments.id, modelId: modelPayments.modelId });
      const modelIds = new Set(cancelled.flatMap((p) => (p.modelId === null ? [] : [p.modelId])));
      for (const modelId of modelIds) await recordModelChange(tx, modelId, { payment: true });
      return cancelled;
    });
    await app.events.deliver();
    const cancelledOrders = await app.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(and(eq(orders.status, "pending"), isNotNull(orders.expiresAt), lte(orders.expiresAt, deadline)))
      .returning({ id: orders.id });
    if (payments.length + cancelledOrders.length > 0) {
      app.log.info(
        {
          job: EXPIRE_PENDING_JOB,
          model_payments: payments.map((p) => p.id),
          orders: cancelledOrders.map((o) => o.id),
        },
        "cobranças vencidas canceladas",
      );
    }
  },
};
