import { type CreateModelPaymentBodySchema, type ModelPaymentStatusBody, toCents } from "@vitrine/contracts";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { type ModelPaymentRow, type ModelRow, modelPayments, models, plans } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";
import { recordAudit } from "../audit/service";
import { lockModelForAdmin, MODEL_NOT_FOUND, type Tx } from "../models/lock-model";
import { isModelVisible } from "../models/publish";
import { applyPaidPayment, takeBackPayment } from "./apply";

/** Applying and taking back a paid payment, for the provider's settlement code (modules/payments). */
export { applyPaidPayment, takeBackPayment };

export const PAYMENT_NOT_FOUND = "Pagamento não encontrado";
const PLAN_NOT_FOUND = "Plano não encontrado";

/** What a payment change did to the model, for the live stream (no model: nothing to tell). */
export type PaymentEffect = { modelId: number | null; before: boolean; after: boolean; moved: boolean };

/** The model's payments, newest first, with what the new-payment form needs (her due date, plan, today). */
export async function listModelPayments({ db, modelId }: { db: Db; modelId: number }) {
  const [model] = await db.select().from(models).where(eq(models.id, modelId));
  if (!model || model.deletedAt) throw notFound(MODEL_NOT_FOUND);
  const rows = await db
    .select()
    .from(modelPayments)
    .where(eq(modelPayments.modelId, modelId))
    .orderBy(desc(modelPayments.createdAt), desc(modelPayments.id));
  return { model, rows, today: todayInSaoPaulo() };
}

/** The default status of a new payment: cash is money in hand; a link or a Pix code is paid when it arrives. */
const defaultStatus = (method: string) => (method === "cash" ? "paid" : "pending");

/**
 * Records a payment for a model. Its plan (if any) is copied onto it (name and period) and attached to the
 * model. Created as paid, it is applied at once (see applyPaidPayment), in the same transaction, with the model
 * row locked. One audit row.
 */
export async function createModelPayment(input: {
  db: Db;
  adminId: number;
  modelId: number;
  body: z.output<typeof CreateModelPaymentBodySchema>;
}): Promise<{ payment: ModelPaymentRow; effect: PaymentEffect }> {
  const { body, modelId } = input;
  return input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    const before = await isModelVisible({ db: tx, modelId });
    let plan: { name: string; periodType: string } | undefined;
    if (body.plan_id) {
      [plan] = await tx
        .select({ name: plans.name, periodType: plans.periodType })
        .from(plans)
        .where(eq(plans.id, body.plan_id));
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      await tx.update(models).set({ planId: body.plan_id, updatedAt: new Date() }).where(eq(models.id, modelId));
    }
    const status = body.status ?? defaultStatus(body.method);
    const [created] = await tx
      .insert(modelPayments)
      .values({
        modelId,
        planId: body.plan_id ?? null,
        planName: plan?.name ?? null,
        periodType: plan?.periodType ?? null,
        amountCents: toCents(body.amount),
        method: body.method,
        description: body.description,
        status,
        dueDate: body.due_date,
        paymentLink: body.payment_link ?? null,
        paymentId: body.payment_id ?? null,
        pixTxid: body.pix_txid ?? null,
        pixPayload: body.pix_payload ?? null,
        paidAt: status === "paid" ? new Date() : null,
      })
      .returning();
    const next =
      status === "paid" ? await applyPaidPayment({ tx, payment: created, model, today: todayInSaoPaulo() }) : null;
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: "payment.create",
        target: { type: "model_payment", id: created.id },
        changes: {
          model_id: modelId,
          amount: body.amount,
          method: body.method,
          status,
          due_date: body.due_date,
          plan_id: body.plan_id ?? null,
          ...(next ? { next_due_date: { from: model.nextDueDate, to: next } } : {}),
        },
      },
    });
    const payment = await reloadPayment(tx, created.id);
    const after = await isModelVisible({ db: tx, modelId });
    return { payment, effect: { modelId, before, after, moved: next !== null } };
  });
}

async function reloadPayment(tx: Tx, paymentId: number): Promise<ModelPaymentRow> {
  const [row] = await tx.select().from(modelPayments).where(eq(modelPayments.id, paymentId));
  return row;
}

/**
 * Locks, in this order, the payment's model and then the payment itself, and answers both as they are now. The
 * model first, like every other change to her, so that two requests on the same payment queue on her row and
 * the second sees what the first did.
 */
export async function lockPayment(tx: Tx, paymentId: number): Promise<{ payment: ModelPaymentRow; model?: ModelRow }> {
  const [peek] = await tx
    .select({ modelId: modelPayments.modelId })
    .from(modelPayments)
    .where(eq(modelPayments.id, paymentId));
  if (!peek) throw notFound(PAYMENT_NOT_FOUND);
  const [model] = peek.modelId
    ? await tx.select().from(models).where(eq(models.id, peek.modelId)).for("update")
    : [undefined];
  const [payment] = await tx.select().from(modelPayments).where(eq(modelPayments.id, paymentId)).for("update");
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return { payment, model };
}

/**
 * Changes a payment's status. Becoming paid applies it (once: a payment already applied changes nothing);
 * leaving paid takes back the days it added (takeBackPayment). paid_at is the given time, else the one it has,
 * else now; it is cleared when the payment goes back to pending, failed or cancelled (a refund keeps it). One
 * audit row.
 */
export async function updatePaymentStatus(input: {
  db: Db;
  adminId: number;
  paymentId: number;
  body: ModelPaymentStatusBody;
}): Promise<{ payment: ModelPaymentRow; effect: PaymentEffect }> {
  const { body, paymentId } = input;
  return input.db.transaction(async (tx) => {
    const { payment, model } = await lockPayment(tx, paymentId);
    const live = model && !model.deletedAt ? model : undefined;
    const before = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
    const today = todayInSaoPaulo();
    const paidAt =
      body.status === "paid"
        ? body.paid_at
          ? new Date(body.paid_at)
          : (payment.paidAt ?? new Date())
        : body.status === "refunded"
          ? payment.paidAt
          : null;
    await tx.update(modelPayments).set({ status: body.status, paidAt }).where(eq(modelPayments.id, paymentId));
    let next: string | null = null;
    if (body.status === "paid" && live) next = await applyPaidPayment({ tx, payment, model: live, today });
    if (body.status !== "paid") next = await takeBackPayment({ tx, payment, model, today });
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: "payment.status",
        target: { type: "model_payment", id: paymentId },
        changes: {
          model_id: payment.modelId,
          status: { from: payment.status, to: body.status },
          ...(next ? { next_due_date: { from: model?.nextDueDate ?? null, to: next } } : {}),
        },
      },
    });
    const after = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
    return {
      payment: await reloadPayment(tx, paymentId),
      effect: { modelId: live?.id ?? null, before, after, moved: next !== null },
    };
  });
}

/** Deletes a payment; an applied one first gives its days back (takeBackPayment). One audit row. */
export async function deleteModelPayment(input: {
  db: Db;
  adminId: number;
  paymentId: number;
}): Promise<PaymentEffect> {
  const { paymentId } = input;
  return input.db.transaction(async (tx) => {
    const { payment, model } = await lockPayment(tx, paymentId);
    const live = model && !model.deletedAt ? model : undefined;
    const before = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
    const next = await takeBackPayment({ tx, payment, model, today: todayInSaoPaulo() });
    await tx.delete(modelPayments).where(eq(modelPayments.id, paymentId));
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: "payment.delete",
        target: { type: "model_payment", id: paymentId },
        changes: {
          model_id: payment.modelId,
          status: payment.status,
          amount_cents: payment.amountCents,
          due_date: payment.dueDate,
          ...(next ? { next_due_date: { from: model?.nextDueDate ?? null, to: next } } : {}),
        },
      },
    });
    const after = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
    return { modelId: live?.id ?? null, before, after, moved: next !== null };
  });
}
