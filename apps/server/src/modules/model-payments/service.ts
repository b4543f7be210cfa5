import { createHash } from "node:crypto";
import {
  type CreateModelPaymentBodySchema,
  IDEMPOTENCY_KEY_REUSED,
  type ModelPaymentStatusBody,
  toCents,
} from "@vitrine/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { type ModelPaymentRow, type ModelRow, modelPayments, models, plans } from "../../db/schema";
import { conflict, constraintName, isUniqueViolation, notFound, validationError } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";
import { auditAdminChange } from "../audit/service";
import { lockModelForAdmin, MODEL_NOT_FOUND, type Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange, type VisibilityChange } from "../models/publish";
import { markPlanPaymentPaid, type PaidChanges, takeBackPayment } from "./apply";

/** A plan payment was paid, and taking one back, for the provider's settlement code (modules/payments). */
export { markPlanPaymentPaid, takeBackPayment };

export const PAYMENT_NOT_FOUND = "Pagamento não encontrado";
const PLAN_NOT_FOUND = "Plano não encontrado";
const ACTIVATE_NEEDS_PAID = "Só um pagamento já recebido pode ativar a modelo.";

/**
 * What a payment change did, for the live stream (recordPaymentEffect): the model it belongs to
 * (null: none left to tell about), whether the public saw her before and sees her after, and whether her due
 * date, plan or status moved (a change that moved nothing is not announced).
 */
export type PaymentEffect = VisibilityChange & { modelId: number | null; moved: boolean };

/** Records for the live stream, in the payment's transaction, a change that moved something on the model. */
async function recordPaymentEffect(tx: Tx, effect: PaymentEffect): Promise<PaymentEffect> {
  if (effect.moved) await recordModelChange(tx, effect.modelId, { ...effect, payment: true });
  return effect;
}

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

type CreatePaymentInput = {
  db: Db;
  adminId: number;
  modelId: number;
  body: z.output<typeof CreateModelPaymentBodySchema>;
  /** The request's Idempotency-Key, if it sent one. */
  idempotencyKey?: string;
};

const IDEMPOTENCY_INDEX = "model_payments_idempotency_uq";

/** What a request asks for, as a digest: a repeat of its Idempotency-Key must ask for the same. */
const digestOf = ({ modelId, body }: CreatePaymentInput) =>
  createHash("sha256").update(JSON.stringify({ modelId, body })).digest("hex");

/** The payment an admin's earlier request with this Idempotency-Key recorded, if any. */
async function paymentOfKey(db: Db | Tx, adminId: number, key: string): Promise<ModelPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(modelPayments)
    .where(and(eq(modelPayments.idempotencyAdminId, adminId), eq(modelPayments.idempotencyKey, key)));
  return row;
}

/** A repeated request answers the payment its key recorded, changing nothing; another request under it is 409. */
function replay(earlier: ModelPaymentRow, digest: string): { payment: ModelPaymentRow; effect: PaymentEffect } {
  if (earlier.idempotencyDigest !== digest) throw conflict(IDEMPOTENCY_KEY_REUSED);
  return { payment: earlier, effect: { modelId: earlier.modelId, before: false, after: false, moved: false } };
}

/**
 * Records a payment for a model. Its plan (if any) is copied onto it (name and period) and attached to the
 * model. Created as paid, it is paid at once (markPlanPaymentPaid), in the same transaction, with the model row
 * locked; `activate` (the overdue modal's quick payment) activates her too, in the same transaction, or refuses
 * the whole payment when her plan would still not be valid. One audit row, with what changed on the model.
 * With an Idempotency-Key, the key is recorded with the payment (unique per admin): a repeat, even one racing the
 * first (it waits on the model's row, or meets the unique index), records nothing and answers that payment.
 */
export async function createModelPayment(
  input: CreatePaymentInput,
): Promise<{ payment: ModelPaymentRow; effect: PaymentEffect }> {
  const key = input.idempotencyKey;
  const idempotency = key === undefined ? null : { key, digest: digestOf(input) };
  try {
    return await recordModelPayment(input, idempotency);
  } catch (err) {
    if (!idempotency || !isUniqueViolation(err) || constraintName(err) !== IDEMPOTENCY_INDEX) throw err;
    const earlier = await paymentOfKey(input.db, input.adminId, idempotency.key);
    if (!earlier) throw err;
    return replay(earlier, idempotency.digest);
  }
}

async function recordModelPayment(
  input: CreatePaymentInput,
  idempotency: { key: string; digest: string } | null,
): Promise<{ payment: ModelPaymentRow; effect: PaymentEffect }> {
  const { body, modelId } = input;
  const status = body.status ?? defaultStatus(body.method);
  if (body.activate && status !== "paid") throw validationError([{ path: "activate", message: ACTIVATE_NEEDS_PAID }]);
  return input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    if (idempotency) {
      const earlier = await paymentOfKey(tx, input.adminId, idempotency.key);
      if (earlier) return replay(earlier, idempotency.digest);
    }
    const before = await isModelVisible({ db: tx, modelId });
    let plan: { name: string; periodType: string } | undefined;
    if (body.plan_id) {
      [plan] = await tx
        .select({ name: plans.name, periodType: plans.periodType })
        .from(plans)
        .where(eq(plans.id, body.plan_id));
      if (!plan) throw notFound(PLAN_NOT_FOUND);
    }
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
        ...(idempotency
          ? {
              idempotencyAdminId: input.adminId,
              idempotencyKey: idempotency.key,
              idempotencyDigest: idempotency.digest,
            }
          : {}),
      })
      .returning();
    // A paid payment gives the model its plan with the rest (markPlanPaymentPaid); a plan chosen for a payment
    // still pending is the model's from now on as well.
    const changes: PaidChanges =
      status === "paid"
        ? await markPlanPaymentPaid({
            tx,
            payment: created,
            model,
            today: todayInSaoPaulo(),
            activate: body.activate ? "admin" : "no",
          })
        : await attachPlan(tx, model, body.plan_id ?? null);
    await auditAdminChange(tx, input.adminId, "payment.create", ["model_payment", created.id], {
      model_id: modelId,
      amount: body.amount,
      method: body.method,
      status,
      due_date: body.due_date,
      plan_id: body.plan_id ?? null,
      ...changes,
    });
    const payment = await reloadPayment(tx, created.id);
    const after = await isModelVisible({ db: tx, modelId });
    const moved = status === "paid" && Object.keys(changes).length > 0;
    return { payment, effect: await recordPaymentEffect(tx, { modelId, before, after, moved }) };
  });
}

/** Attaches the plan to the model when it is not hers yet; answers the change for the audit row. */
async function attachPlan(tx: Tx, model: ModelRow, planId: number | null): Promise<PaidChanges> {
  if (planId === null || planId === model.planId) return {};
  await tx.update(models).set({ planId, updatedAt: new Date() }).where(eq(models.id, model.id));
  return { model_plan_id: { from: model.planId, to: planId } };
}

/** The payment's model while her account exists (a deleted one is only a shell: nothing to apply or tell). */
const liveModelId = (model: ModelRow | undefined) => (model && !model.deletedAt ? model.id : null);

/** A due date taken back, as the audit row lists it. */
function takenBack(model: ModelRow | undefined, next: string | null): PaidChanges {
  return next ? { next_due_date: { from: model?.nextDueDate ?? null, to: next } } : {};
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
 * Changes a payment's status. Becoming paid pays it (markPlanPaymentPaid: once, a payment already applied
 * changes nothing); leaving paid takes back the days it added (takeBackPayment). paid_at is the given time, else the one it has,
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
    const modelId = liveModelId(model);
    const before = await isModelVisible({ db: tx, modelId });
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
    const changes: PaidChanges =
      body.status === "paid"
        ? await markPlanPaymentPaid({ tx, payment, model, today, activate: "no" })
        : takenBack(model, await takeBackPayment({ tx, payment, model, today }));
    await auditAdminChange(tx, input.adminId, "payment.status", ["model_payment", paymentId], {
      model_id: payment.modelId,
      status: { from: payment.status, to: body.status },
      ...changes,
    });
    const after = await isModelVisible({ db: tx, modelId });
    const reloaded = await reloadPayment(tx, paymentId);
    const moved = Object.keys(changes).length > 0;
    return { payment: reloaded, effect: await recordPaymentEffect(tx, { modelId, before, after, moved }) };
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
    const modelId = liveModelId(model);
    const before = await isModelVisible({ db: tx, modelId });
    const changes = takenBack(model, await takeBackPayment({ tx, payment, model, today: todayInSaoPaulo() }));
    await tx.delete(modelPayments).where(eq(modelPayments.id, paymentId));
    await auditAdminChange(tx, input.adminId, "payment.delete", ["model_payment", paymentId], {
      model_id: payment.modelId,
      status: payment.status,
      amount_cents: payment.amountCents,
      due_date: payment.dueDate,
      ...changes,
    });
    const after = await isModelVisible({ db: tx, modelId });
    return recordPaymentEffect(tx, { modelId, before, after, moved: Object.keys(changes).length > 0 });
  });
}
