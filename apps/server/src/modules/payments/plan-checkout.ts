import { fromCents, PAYMENT_PROVIDER_FAILED, PROVIDER_PIX_MINUTES } from "@vitrine/contracts";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { type ModelPaymentRow, modelPayments, models, plans } from "../../db/schema";
import { notFound, unauthorized } from "../../lib/app-error";
import { assertEmailConfirmed } from "../mail/service";
import { mpDate, ProviderError } from "../../lib/mercadopago";
import { renderPixQr } from "../../lib/pix";
import {
  chargeOrUndo,
  type Checkout,
  checkedRecently,
  createModelPreference,
  hint,
  MINUTE_MS,
  MODEL_LINK_MS,
  PLAN_NOT_FOUND,
} from "./checkout";
import { externalReference, idempotencyKey, type RecordRef } from "./provider";
import { reconcileRecord } from "./reconcile";

/**
 * A model renewing her plan: a Checkout Pro link or a Mercado Pago Pix of the plan's price, and the status of
 * her own payments (re-read at Mercado Pago while pending).
 */

export const PAYMENT_NOT_FOUND = "Pagamento não encontrado";

/** The renewal offered when no plan is active at all. */
export const FALLBACK_RENEWAL_PLAN: RenewalPlan = {
  id: null,
  name: "Plano Mensal",
  priceCents: 10_000,
  periodType: "monthly",
};

export type RenewalPlan = { id: number | null; name: string; priceCents: number; periodType: string };

/**
 * The plan a renewal pays: the given plan when it is active (else 404), without one the highlighted active plan,
 * else the cheapest active plan, else FALLBACK_RENEWAL_PLAN.
 */
export async function findRenewalPlan({ db, planId }: { db: Db; planId?: number | null }): Promise<RenewalPlan> {
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, priceCents: plans.priceCents, periodType: plans.periodType })
    .from(plans)
    .where(planId ? and(eq(plans.id, planId), eq(plans.active, true)) : eq(plans.active, true))
    .orderBy(desc(plans.highlight), asc(plans.priceCents), asc(plans.id))
    .limit(1);
  if (plan) return plan;
  if (planId) throw notFound(PLAN_NOT_FOUND);
  return FALLBACK_RENEWAL_PLAN;
}

/** The signed-in model as the payer Mercado Pago shows (a deleted account's session is no longer valid). */
export async function findPayer(db: Db, modelId: number) {
  const [model] = await db
    .select({ name: models.name, email: models.email, emailConfirmedAt: models.emailConfirmedAt })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)));
  if (!model) throw unauthorized();
  // She pays only once her e-mail is confirmed: the receipt and every notice about her plan go there.
  assertEmailConfirmed(model);
  return { name: model.name, email: model.email };
}

async function insertPlanPayment(
  db: Db,
  input: { modelId: number; plan: RenewalPlan; method: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(modelPayments)
    .values({
      modelId: input.modelId,
      planId: input.plan.id,
      planName: input.plan.name,
      periodType: input.plan.periodType,
      amountCents: input.plan.priceCents,
      method: input.method,
      description: `Renovação: ${input.plan.name}`,
      status: "pending",
      expiresAt: input.expiresAt,
    })
    .returning({ id: modelPayments.id });
  return row.id;
}

/**
 * The committed pending payment a renewal charges: the renewal plan's price for the signed-in model, by `method`,
 * payable until `expiresAt`.
 */
async function openPlanPayment(input: {
  db: Db;
  modelId: number;
  planId?: number | null;
  method: string;
  expiresAt: Date;
}) {
  const { db, modelId, method, expiresAt } = input;
  const plan = await findRenewalPlan({ db, planId: input.planId });
  const payer = await findPayer(db, modelId);
  const paymentId = await insertPlanPayment(db, { modelId, plan, method, expiresAt });
  const charge: ModelCharge = {
    paymentId,
    planId: plan.id,
    title: plan.name,
    amountCents: plan.priceCents,
    payer,
    expiresAt,
    undo: () => deletePlanPayment(db, paymentId),
  };
  return { plan, paymentId, charge };
}

const deletePlanPayment = (db: Db, id: number) => db.delete(modelPayments).where(eq(modelPayments.id, id));

/**
 * One of the model's payments to charge at Mercado Pago: its committed pending record, what it buys (a plan, else
 * the payment is the item), its price, who pays and until when; `undo` removes the record (and anything written
 * with it) when the charge fails.
 */
export type ModelCharge = {
  paymentId: number;
  planId: number | null;
  title: string;
  amountCents: number;
  payer: { name: string; email: string };
  expiresAt: Date;
  undo: () => Promise<unknown>;
};

/** The Checkout Pro link of a committed model payment (chargeOrUndo: a failed charge removes the record). */
export function chargeModelCheckout(db: Db, checkout: Checkout, charge: ModelCharge) {
  const ref: RecordRef = { kind: "model_payment", id: charge.paymentId };
  return chargeOrUndo(
    checkout,
    PAYMENT_PROVIDER_FAILED,
    async () => {
      const answer = await createModelPreference(checkout, { ref, ...charge });
      await db
        .update(modelPayments)
        .set({ preferenceId: answer.id, paymentLink: answer.init_point })
        .where(eq(modelPayments.id, charge.paymentId));
      return answer;
    },
    charge.undo,
  );
}

/**
 * POST /api/payments/model/subscription: a pending "mercadopago" payment of the plan's price for the signed-in
 * model and its Checkout Pro link, valid for 3 days.
 */
export async function startPlanCheckout(input: {
  db: Db;
  checkout: Checkout;
  modelId: number;
  planId?: number | null;
}) {
  const { db, checkout } = input;
  const expiresAt = new Date(Date.now() + MODEL_LINK_MS);
  const { paymentId, charge } = await openPlanPayment({ ...input, method: "mercadopago", expiresAt });
  const preference = await chargeModelCheckout(db, checkout, charge);
  return { paymentId, preference };
}

/** The first word of a name, as Mercado Pago's payer first_name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The Mercado Pago Pix of a committed model payment (chargeOrUndo: a failed charge removes the record), payable
 * until its expiresAt. The QR image is drawn here from the copy-and-paste code (Mercado Pago's own image when
 * drawing fails).
 */
export async function chargeModelPix(db: Db, checkout: Checkout, input: ModelCharge) {
  const ref: RecordRef = { kind: "model_payment", id: input.paymentId };
  const charge = await chargeOrUndo(
    checkout,
    PAYMENT_PROVIDER_FAILED,
    async () => {
      const payment = await checkout.client.createPixPayment(
        {
          transaction_amount: fromCents(input.amountCents),
          description: `${input.title} - ${checkout.siteName}`,
          payment_method_id: "pix",
          payer: { email: input.payer.email, first_name: firstName(input.payer.name) },
          external_reference: externalReference(ref),
          notification_url: checkout.notificationUrl("/api/payments/webhook/model"),
          date_of_expiration: mpDate(input.expiresAt),
        },
        idempotencyKey(ref, "pix"),
      );
      const data = payment.point_of_interaction?.transaction_data;
      if (!data?.qr_code) throw new ProviderError("Mercado Pago não devolveu o código Pix", "invalid_response");
      await db
        .update(modelPayments)
        .set({ paymentId: payment.id, pixPayload: data.qr_code })
        .where(eq(modelPayments.id, input.paymentId));
      return { code: data.qr_code, image: data.qr_code_base64 ?? null, ticketUrl: data.ticket_url ?? null };
    },
    input.undo,
  );
  let qrCode: string;
  try {
    qrCode = await renderPixQr(charge.code);
  } catch (err) {
    if (!charge.image) throw err;
    checkout.log.warn({ err }, "Pix QR could not be drawn; Mercado Pago's image is used");
    qrCode = charge.image.startsWith("data:") ? charge.image : `data:image/png;base64,${charge.image}`;
  }
  return { qrCode, code: charge.code, ticketUrl: charge.ticketUrl };
}

/**
 * POST /api/payments/model/pix: a pending "mercadopago_pix" payment of the plan's price for the signed-in model
 * and its Mercado Pago Pix charge, payable for PROVIDER_PIX_MINUTES.
 */
export async function startPlanPix(input: { db: Db; checkout: Checkout; modelId: number; planId?: number | null }) {
  const { db, checkout } = input;
  const expiresAt = new Date(Date.now() + PROVIDER_PIX_MINUTES * MINUTE_MS);
  const { plan, paymentId, charge } = await openPlanPayment({ ...input, method: "mercadopago_pix", expiresAt });
  const pix = await chargeModelPix(db, checkout, charge);
  return { paymentId, plan, expiresAt, ...pix };
}

/** GET /api/payments/model/payments/{id}: one of the signed-in model's payments (another's is 404, like none). */
export async function findOwnPayment({
  db,
  modelId,
  paymentId,
}: {
  db: Db;
  modelId: number;
  paymentId: number;
}): Promise<ModelPaymentRow> {
  const [row] = await db
    .select()
    .from(modelPayments)
    .where(and(eq(modelPayments.id, paymentId), eq(modelPayments.modelId, modelId)));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return row;
}

/**
 * Whether a status request should first re-read the payment at Mercado Pago: a pending charge of Mercado Pago
 * (it has a payment or a preference there) not compared with it in the last few seconds.
 */
const shouldRecheckPayment = (row: ModelPaymentRow) =>
  row.status === "pending" &&
  (row.method === "mercadopago" || row.method === "mercadopago_pix") &&
  Boolean(row.paymentId || row.preferenceId) &&
  !checkedRecently(row.providerCheckedAt);

/**
 * GET /api/payments/model/payments/{id}: the model's payment as stored, after a re-read at Mercado Pago when it
 * is still pending there (a hint: bounded in time, its failure ignored; webhooks and the reconciliation job
 * settle it anyway).
 */
export async function readOwnPayment(input: {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  modelId: number;
  paymentId: number;
}): Promise<ModelPaymentRow> {
  const { app, modelId, paymentId } = input;
  const row = await findOwnPayment({ db: app.db, modelId, paymentId });
  if (!shouldRecheckPayment(row)) return row;
  const ref: RecordRef = { kind: "model_payment", id: row.id };
  await hint(input.log, `re-reading ${externalReference(ref)} at Mercado Pago`, () => reconcileRecord({ app, ref }));
  return findOwnPayment({ db: app.db, modelId, paymentId });
}
