import { eq } from "drizzle-orm";
import { type BoostRow, boosts } from "../../db/schema";
import type { Tx } from "../models/lock-model";

/**
 * The boosts store: what a boost's payment does to the boost, for the provider's settlement code (modules/payments/settle.ts), in its
 * transaction, after it locked the model and the payment (the same order as every boost change: model, payment,
 * boost). A boost's payment never touches her plan.
 */

/** The boost bought with this model payment, locked; undefined when the payment is a plan payment. */
export async function lockBoostOfPayment(tx: Tx, paymentId: number): Promise<BoostRow | undefined> {
  const [row] = await tx.select().from(boosts).where(eq(boosts.paymentId, paymentId)).for("update");
  return row;
}

/**
 * Its payment was paid: a boost waiting for it enters the review queue (once: only pending_payment moves, so a
 * repeated or racing notification changes nothing). Nothing goes live here: an admin approves it first.
 */
export async function boostPaid(tx: Tx, boost: BoostRow, now: Date): Promise<boolean> {
  if (boost.status !== "pending_payment") return false;
  await tx
    .update(boosts)
    .set({ status: "awaiting_review", paidAt: now, submittedAt: now, updatedAt: now })
    .where(eq(boosts.id, boost.id));
  return true;
}

/**
 * Its payment was refunded or charged back at the provider: the boost is taken back at once (off the public
 * pages and out of the queue). A boost already rejected (our own refund) stays rejected, with its reason.
 */
export async function boostTakenBack(tx: Tx, boost: BoostRow, now: Date): Promise<boolean> {
  if (boost.status === "rejected" || boost.status === "refunded") return false;
  await tx
    .update(boosts)
    .set({ status: "refunded", refundedAt: boost.refundedAt ?? now, updatedAt: now })
    .where(eq(boosts.id, boost.id));
  return true;
}
