import { type PaymentFlag, toCents } from "@vitrine/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type ModelRow, modelPayments, models, orders } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";
import { failpoint } from "../../lib/failpoint";
import type { MercadoPagoClient, MpPayment } from "../../lib/mercadopago";
import type { Tx } from "../models/lock-model";
import { isModelVisible, publishModelChange } from "../models/publish";
import { applyPaidPayment, lockPayment, takeBackPayment } from "../model-payments/service";
import { type ProviderSettings, type RecordRef, parseExternalReference } from "./provider";

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

type Target = { status: "pending" | "paid" | "failed" | "refunded"; flag?: PaymentFlag };

/**
 * Mercado Pago's payment status as our record's status: approved → paid; pending, in_process, authorized and
 * in_mediation → pending; rejected and cancelled → failed; refunded and charged_back → refunded, flagged. Any
 * other value changes nothing (it is only recorded as the provider's status).
 */
export function mapProviderStatus(status: string): Target | null {
  switch (status) {
    case "approved":
      return { status: "paid" };
    case "pending":
    case "in_process":
    case "authorized":
    case "in_mediation":
      return { status: "pending" };
    case "rejected":
    case "cancelled":
      return { status: "failed" };
    case "refunded":
      return { status: "refunded", flag: "refunded" };
    case "charged_back":
      return { status: "refunded", flag: "charged_back" };
    default:
      return null;
  }
}

/**
 * Statuses only move forward: pending < failed = cancelled < paid < refunded. A snapshot ranking below the
 * record is older news (notifications arrive out of order, two reads race) and is ignored; failed or cancelled
 * may still become paid (a late Pix, a second checkout attempt that went through).
 */
export function statusRank(status: string): number {
  switch (status) {
    case "pending":
      return 0;
    case "failed":
    case "cancelled":
      return 1;
    case "paid":
      return 2;
    case "refunded":
      return 3;
    default:
      return 0;
  }
}

type RecordState = { status: string; paymentId: string | null; amountCents: number; flag?: string | null };

/** What one snapshot of a provider payment does to our record. */
export type Decision = {
  /** The record's new status, when it moves. */
  moveTo: Target["status"] | null;
  /** A flag for the admin. */
  flag: PaymentFlag | null;
  /** The snapshot's payment becomes the record's payment_id. */
  adopt: boolean;
  /** The snapshot's status is recorded as the record's provider_status (only for the record's own payment). */
  recordStatus: boolean;
  /** Why nothing moved, for the log. */
  note?: "unknown_status" | "other_payment" | "duplicate" | "amount_mismatch" | "stale" | "same";
};

/**
 * The rules, as a pure function of the record and the snapshot: a payment other than the record's own only
 * matters when it is approved (it becomes the record's if the record is not paid yet, else it is a duplicate
 * charge: flagged, not applied); an approved payment whose amount or currency differs from the record's is
 * flagged and not applied; a status ranking below the record's is ignored; the same rank changes nothing.
 */
export function decide(record: RecordState, snapshot: MpPayment): Decision {
  const decision = decideStatus(record, snapshot);
  // A flag the record already carries is not raised again (a repeated notification changes nothing).
  return decision.flag && decision.flag === record.flag ? { ...decision, flag: null } : decision;
}

function decideStatus(record: RecordState, snapshot: MpPayment): Decision {
  const own = record.paymentId === null || record.paymentId === snapshot.id;
  const none: Decision = { moveTo: null, flag: null, adopt: false, recordStatus: own };
  const target = mapProviderStatus(snapshot.status);
  if (!target) return { ...none, note: "unknown_status" };
  const current = statusRank(record.status);
  if (!own) {
    if (target.status !== "paid") return { ...none, note: "other_payment" };
    if (current >= statusRank("paid")) return { ...none, flag: "duplicate", note: "duplicate" };
  }
  if (target.status === "paid" && !amountMatches(record, snapshot)) {
    return { ...none, flag: "amount_mismatch", adopt: record.paymentId === null, note: "amount_mismatch" };
  }
  const next = statusRank(target.status);
  if (next < current) return { ...none, recordStatus: false, note: "stale" };
  if (next === current) return { ...none, adopt: record.paymentId === null, note: "same" };
  return {
    moveTo: target.status,
    flag: target.flag ?? null,
    adopt: record.paymentId !== snapshot.id,
    recordStatus: true,
  };
}

/** The provider charged exactly the record's amount, in reais. */
function amountMatches(record: RecordState, snapshot: MpPayment): boolean {
  return (
    Number.isFinite(snapshot.transaction_amount) &&
    toCents(snapshot.transaction_amount) === record.amountCents &&
    (snapshot.currency_id ?? "").toUpperCase() === "BRL"
  );
}

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

/** A payment another record already holds: flagged as a duplicate on this one, nothing else. */
function takenElsewhere(record: RecordState): Decision {
  const flag = record.flag === "duplicate" ? null : ("duplicate" as const);
  return { moveTo: null, flag, adopt: false, recordStatus: false, note: "duplicate" };
}

/** The columns a settlement writes, for either table. */
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
  type Result = SettleOutcome & { modelId: number | null; before: boolean; after: boolean };
  let result: Result;
  try {
    result = await app.db.transaction(async (tx): Promise<Result> => {
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
      const live: ModelRow | undefined = model && !model.deletedAt ? model : undefined;
      const before = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
      await tx
        .update(modelPayments)
        .set(writesFor(decision, snapshot, payment, now))
        .where(eq(modelPayments.id, payment.id));
      if (decision.moveTo === "paid" && live) {
        await applyPaidPayment({ tx, payment, model: live, today });
        await tx
          .update(models)
          .set({
            ...(payment.planId ? { planId: payment.planId } : {}),
            ...(provider.autoReleaseOnApproved ? { isActive: true } : {}),
            updatedAt: now,
          })
          .where(eq(models.id, live.id));
      } else if (decision.moveTo === "refunded") {
        await takeBackPayment({ tx, payment, model, today });
      }
      const after = live ? await isModelVisible({ db: tx, modelId: live.id }) : false;
      const changed = Boolean(decision.moveTo || decision.flag || decision.adopt);
      if (changed) failpoint(SETTLE_BEFORE_COMMIT);
      return {
        ref,
        status: decision.moveTo ?? payment.status,
        changed,
        flag: decision.flag,
        modelId: live?.id ?? null,
        before,
        after,
      };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      app.log.info({ record: `${ref.kind}:${ref.id}`, providerPaymentId: snapshot.id }, "registro não encontrado");
      return NOTHING;
    }
    throw err;
  }
  // The live stream is public: a model the public sees neither before nor after is not mentioned on it.
  if (result.changed && result.modelId !== null && (result.before || result.after)) {
    if (result.before !== result.after) {
      await publishModelChange(app, result.modelId, { before: result.before, after: result.after });
    }
    app.events.publish({ type: "model_payment_updated", model_id: result.modelId });
  }
  return { ref: result.ref, status: result.status, changed: result.changed, flag: result.flag };
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
      .set(writesFor(decision, snapshot, order, now))
      .where(eq(orders.id, order.id));
    const changed = Boolean(decision.moveTo || decision.flag || decision.adopt);
    if (changed) failpoint(SETTLE_BEFORE_COMMIT);
    return { ref, status: decision.moveTo ?? order.status, changed, flag: decision.flag };
  });
}
