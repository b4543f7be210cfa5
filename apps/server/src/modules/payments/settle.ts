import type { PaymentFlag } from "@vitrine/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { modelPayments, orders } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";
import { failpoint } from "../../lib/failpoint";
import { flagColumnsWhenPaid } from "../../lib/payment-flags";
import type { MercadoPagoClient, MpPayment } from "../../lib/mercadopago";
import type { Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange } from "../models/publish";
import { lockPayment, markPlanPaymentPaid, takeBackPayment } from "../model-payments/service";
import { boostPaid, boostTakenBack, lockBoostOfPayment } from "../boosts/boost-store";
import { type ProviderSettings, type RecordRef, parseExternalReference } from "./provider";
import { type Decision, decide, decisionChanges, type RecordState, takenElsewhere } from "./settle-rules";

/**
 * Settling a Mercado Pago payment: reading it at Mercado Pago (never trusting what a notification says) and
 * applying what it says now to the record its external_reference names, exactly once. Every path that learns of
 * a payment — the signed webhook, a legacy hint, the return page, the reconciliation job — ends here.
 */

export type SettleOutcome = {
  /** Our record the payment belongs to; null when its external_reference names none of ours. */
  ref: RecordRef | null;
  /** Our record's status after settling (pending, paid, failed, cancelled, refunded), null without a record. */
  status: string | null;
  /** True when this call changed the record (its status, its provider payment id or its flag). */
  changed: boolean;
  /** The flag this call raised (amount_mismatch, duplicate, refunded, charged_back), if any. */
  flag: PaymentFlag | null;
};

/** The failpoint crash tests arm to kill the server after the approved payment was read and written, before the commit. */
export const SETTLE_BEFORE_COMMIT = "payment-settle-before-commit";

const NOTHING: SettleOutcome = { ref: null, status: null, changed: false, flag: null };

function approvedAt(snapshot: MpPayment, now: Date): Date {
  const parsed = snapshot.date_approved ? new Date(snapshot.date_approved) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/**
 * Reads the payment at Mercado Pago and settles it. A ProviderError (Mercado Pago down, slow, refusing our token)
 * propagates: the webhook answers 503 so that Mercado Pago retries. A payment Mercado Pago does not know changes
 * nothing.
 */
export async function settleProviderPayment(input: {
  app: FastifyInstance;
  client: MercadoPagoClient;
  provider: ProviderSettings;
  providerPaymentId: string;
  now?: Date;
}): Promise<SettleOutcome> {
  const snapshot = await input.client.getPayment(input.providerPaymentId);
  if (!snapshot) {
    input.app.log.info({ providerPaymentId: input.providerPaymentId }, "pagamento desconhecido no Mercado Pago");
    return NOTHING;
  }
  return settlePaymentSnapshot({ app: input.app, provider: input.provider, snapshot, now: input.now });
}

/**
 * Applies a payment as Mercado Pago answered it (GET /v1/payments/{id} or a search) to the record its
 * external_reference names — the only way a payment finds its record. One transaction with the record locked
 * (a model payment: the model's row first, then the payment), so parallel and repeated notifications queue and
 * each sees what the previous one did. Events are published after the commit.
 */
export async function settlePaymentSnapshot(input: {
  app: FastifyInstance;
  provider: ProviderSettings;
  snapshot: MpPayment;
  now?: Date;
}): Promise<SettleOutcome> {
  const { app, snapshot } = input;
  const ref = parseExternalReference(snapshot.external_reference);
  if (!ref) {
    app.log.info(
      { providerPaymentId: snapshot.id, externalReference: snapshot.external_reference ?? null },
      "pagamento do Mercado Pago sem registro nosso",
    );
    return NOTHING;
  }
  const now = input.now ?? new Date();
  return ref.kind === "model_payment"
    ? settleModelPayment({ ...input, ref, now })
    : settleOrder({ ...input, ref, now });
}

function logDecision(app: FastifyInstance, ref: RecordRef, snapshot: MpPayment, record: RecordState, d: Decision) {
  const context = {
    record: `${ref.kind}:${ref.id}`,
    providerPaymentId: snapshot.id,
    providerStatus: snapshot.status,
    recordStatus: record.status,
    recordPaymentId: record.paymentId,
  };
  if (d.note === "amount_mismatch") {
    app.log.warn(
      {
        ...context,
        amount: snapshot.transaction_amount,
        currency: snapshot.currency_id ?? null,
        expectedCents: record.amountCents,
      },
      "valor ou moeda do pagamento diferente do registro: não aplicado",
    );
  } else if (d.note === "duplicate") {
    app.log.warn(context, "segundo pagamento aprovado para um registro já pago: não aplicado");
  } else if (d.note === "unknown_status") {
    app.log.warn(context, "status de pagamento desconhecido: nada muda");
  }
}

/** True when another record already holds this provider payment id (the column is unique). */
async function paymentIdTaken(tx: Tx, kind: RecordRef["kind"], id: number, paymentId: string): Promise<boolean> {
  const table = kind === "model_payment" ? modelPayments : orders;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.paymentId, paymentId), ne(table.id, id)));
  return Boolean(row);
}

/**
 * The columns a settlement writes, for either table. A record becoming paid also loses its amount_mismatch flag:
 * a plan payment in markPlanPaymentPaid, an order here with flagColumnsWhenPaid (settleOrder).
 */
function writesFor(d: Decision, snapshot: MpPayment, record: { paidAt: Date | null }, now: Date) {
  return {
    providerCheckedAt: now,
    ...(d.recordStatus ? { providerStatus: snapshot.status } : {}),
    ...(d.adopt ? { paymentId: snapshot.id } : {}),
    ...(d.flag ? { flag: d.flag, flaggedAt: now } : {}),
    ...(d.moveTo ? { status: d.moveTo } : {}),
    ...(d.moveTo === "paid" ? { paidAt: approvedAt(snapshot, now) } : {}),
    ...(d.moveTo === "refunded" ? { paidAt: record.paidAt } : {}),
  };
}

async function settleModelPayment(input: {
  app: FastifyInstance;
  provider: ProviderSettings;
  snapshot: MpPayment;
  ref: RecordRef;
  now: Date;
}): Promise<SettleOutcome> {
  const { app, provider, snapshot, ref, now } = input;
  const today = todayInSaoPaulo(now);
  let result: SettleOutcome;
  try {
    result = await app.db.transaction(async (tx): Promise<SettleOutcome> => {
      const { payment, model } = await lockPayment(tx, ref.id);
      let decision = decide(payment, snapshot);
      if (decision.adopt && (await paymentIdTaken(tx, ref.kind, ref.id, snapshot.id))) {
        app.log.warn(
          { record: `${ref.kind}:${ref.id}`, providerPaymentId: snapshot.id },
          "pagamento do Mercado Pago já pertence a outro registro: não aplicado",
        );
        decision = takenElsewhere(payment);
      }
      logDecision(app, ref, snapshot, payment, decision);
      const modelId = model && !model.deletedAt ? model.id : null;
      const before = await isModelVisible({ db: tx, modelId });
      await tx
        .update(modelPayments)
        .set(writesFor(decision, snapshot, payment, now))
        .where(eq(modelPayments.id, payment.id));
      // A boost's payment (modules/boosts) moves its boost instead of her plan.
      const boost = await lockBoostOfPayment(tx, payment.id);
      if (boost) {
        if (decision.moveTo === "paid") {
          const cleared = flagColumnsWhenPaid(payment.flag);
          if (Object.keys(cleared).length > 0) {
            await tx.update(modelPayments).set(cleared).where(eq(modelPayments.id, payment.id));
          }
          await boostPaid(tx, boost, now);
        } else if (decision.moveTo === "refunded") {
          await boostTakenBack(tx, boost, now);
        }
      } else if (decision.moveTo === "paid") {
        await markPlanPaymentPaid({
          tx,
          payment,
          model,
          today,
          activate: provider.autoReleaseOnApproved ? "auto" : "no",
        });
      } else if (decision.moveTo === "refunded") {
        await takeBackPayment({ tx, payment, model, today });
      }
      const after = await isModelVisible({ db: tx, modelId });
      const changed = decisionChanges(decision);
      if (changed) await recordModelChange(tx, modelId, { before, after, payment: true });
      if (changed) failpoint(SETTLE_BEFORE_COMMIT);
      return { ref, status: decision.moveTo ?? payment.status, changed, flag: decision.flag };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      app.log.info({ record: `${ref.kind}:${ref.id}`, providerPaymentId: snapshot.id }, "registro não encontrado");
      return NOTHING;
    }
    throw err;
  }
  if (result.changed) await app.events.deliver();
  return result;
}

async function settleOrder(input: {
  app: FastifyInstance;
  snapshot: MpPayment;
  ref: RecordRef;
  now: Date;
}): Promise<SettleOutcome> {
  const { app, snapshot, ref, now } = input;
  return app.db.transaction(async (tx): Promise<SettleOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, ref.id)).for("update");
    if (!order) {
      app.log.info({ record: `${ref.kind}:${ref.id}`, providerPaymentId: snapshot.id }, "registro não encontrado");
      return NOTHING;
    }
    let decision = decide(order, snapshot);
    if (decision.adopt && (await paymentIdTaken(tx, ref.kind, ref.id, snapshot.id))) {
      app.log.warn(
        { record: `${ref.kind}:${ref.id}`, providerPaymentId: snapshot.id },
        "pagamento do Mercado Pago já pertence a outro registro: não aplicado",
      );
      decision = takenElsewhere(order);
    }
    logDecision(app, ref, snapshot, order, decision);
    await tx
      .update(orders)
      .set({
        ...writesFor(decision, snapshot, order, now),
        ...(decision.moveTo === "paid" ? flagColumnsWhenPaid(order.flag) : {}),
      })
      .where(eq(orders.id, order.id));
    const changed = decisionChanges(decision);
    if (changed) failpoint(SETTLE_BEFORE_COMMIT);
    return { ref, status: decision.moveTo ?? order.status, changed, flag: decision.flag };
  });
}
