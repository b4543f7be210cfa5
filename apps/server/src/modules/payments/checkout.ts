import {
  type AdminPaymentRequestBodySchema,
  type CheckoutBodySchema,
  fromCents,
  PAYMENT_PROVIDER_FAILED,
  PROVIDER_PIX_MINUTES,
  toCents,
} from "@vitrine/contracts";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { type ModelPaymentRow, modelPayments, models, type OrderRow, orders, plans } from "../../db/schema";
import { AppError, notFound, unauthorized } from "../../lib/app-error";
import { type MercadoPagoClient, mpDate, type PreferenceInput, ProviderError } from "../../lib/mercadopago";
import { renderPixQr } from "../../lib/pix";
import { recordAudit } from "../audit/service";
import { lockModelForAdmin } from "../models/lock-model";
import { buildSitePixPayload, loadSitePix } from "../pix/service";
import { findPublicProduct } from "../products/service";
import { loadSiteIdentity, publicOrigin } from "../settings/service";
import {
  clientFor,
  externalReference,
  idempotencyKey,
  loadProviderSettings,
  notificationUrl,
  type ProviderSettings,
  type RecordRef,
} from "./provider";
import { reconcileRecord } from "./reconcile";
import { settleProviderPayment } from "./settle";

/**
 * Starting payments: a model renewing her plan (Checkout Pro link or a Mercado Pago Pix), the admin's payment
 * link for a model, and a visitor buying a product (static "PIX Manual" or Checkout Pro restricted to Pix).
 *
 * The server decides every amount (the plan's or the product's price; the admin's own amount for a link). A
 * charge at Mercado Pago is made for a record that is already committed: the pending record is inserted first
 * (no transaction is held across the HTTP call), Mercado Pago is called with an idempotency key derived from the
 * record, and what it answers is stored on the record. When Mercado Pago fails, is too slow or is not configured,
 * the record is removed again and the caller gets 503 PROVIDER_UNAVAILABLE: nothing is left half-written.
 */

export const PAYMENT_NOT_FOUND = "Pagamento não encontrado";
export const ORDER_NOT_FOUND = "Pedido não encontrado";
const PLAN_NOT_FOUND = "Plano não encontrado";
/** The admin's "Gerar link de pagamento" failure text. */
export const PAYMENT_LINK_FAILED = "Erro ao gerar link de pagamento";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A plan renewal's or an admin's checkout link can be paid for 3 days. */
const MODEL_LINK_MS = 3 * DAY_MS;
/** A shop order (PIX Manual or Checkout Pro) can be paid for 24 hours; the jobs cancel it afterwards. */
const ORDER_MS = 24 * HOUR_MS;
/** How long a read waits for Mercado Pago before answering what is stored (the re-read goes on behind). */
const HINT_WAIT_MS = 4000;
/** A record compared with Mercado Pago this recently is not re-read on a status request. */
const RECHECK_AFTER_MS = 5000;

/** The renewal offered when no plan is active at all. */
export const FALLBACK_RENEWAL_PLAN: RenewalPlan = {
  id: null,
  name: "Plano Mensal",
  priceCents: 10_000,
  periodType: "monthly",
};

export type RenewalPlan = { id: number | null; name: string; priceCents: number; periodType: string };

const providerUnavailable = (message: string) => new AppError(503, "PROVIDER_UNAVAILABLE", message);

/** What starting a charge at Mercado Pago needs: the client, its settings, and the site's addresses. */
export type Checkout = {
  client: MercadoPagoClient;
  provider: ProviderSettings;
  /** Where the payer's browser comes back to: the site's public origin (lib/public-origin.ts). */
  origin: string;
  /** The site's name, on the checkout items ("Plano Mensal - Vitrine"). */
  siteName: string;
  /** Where Mercado Pago notifies a payment of this kind (orders or model plans). */
  notificationUrl: (path: string) => string;
  log: FastifyBaseLogger;
};

/**
 * Mercado Pago as configured for this request. No access token for the environment → 503 PROVIDER_UNAVAILABLE
 * (`failure` is the text), before anything is written.
 */
export async function openCheckout({
  app,
  request,
  failure = PAYMENT_PROVIDER_FAILED,
}: {
  app: FastifyInstance;
  request: FastifyRequest;
  failure?: string;
}): Promise<Checkout> {
  const provider = await loadProviderSettings(app.db);
  const client = clientFor(app, provider);
  if (!client) {
    request.log.warn("payment refused: Mercado Pago has no access token for the configured environment");
    throw providerUnavailable(failure);
  }
  const site = await loadSiteIdentity({ db: app.db });
  const { origin } = await publicOrigin(app, request);
  return {
    client,
    provider,
    origin,
    siteName: site.name,
    notificationUrl: (path) => notificationUrl(provider, origin, path),
    log: request.log,
  };
}

/**
 * Runs the provider call for a committed record and stores its answer; any failure removes the record again
 * (`undo`). A ProviderError (down, slow, refused, unreadable) becomes 503 PROVIDER_UNAVAILABLE with `failure`.
 */
async function chargeOrUndo<T>(
  checkout: Checkout,
  failure: string,
  charge: () => Promise<T>,
  undo: () => Promise<unknown>,
): Promise<T> {
  try {
    return await charge();
  } catch (err) {
    try {
      await undo();
    } catch (undoErr) {
      checkout.log.error({ err: undoErr }, "a record of a failed charge could not be removed");
    }
    if (err instanceof ProviderError) {
      checkout.log.warn({ reason: err.reason, status: err.status, detail: err.message }, "Mercado Pago charge failed");
      throw providerUnavailable(failure);
    }
    throw err;
  }
}

const expiry = (expiresAt: Date) => ({
  expires: true,
  expiration_date_to: mpDate(expiresAt),
  date_of_expiration: mpDate(expiresAt),
});

/**
 * Waits for a re-read at Mercado Pago at most HINT_WAIT_MS; its failure or slowness is logged and ignored, since
 * the caller answers what is stored either way.
 */
async function hint(log: FastifyBaseLogger, what: string, work: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, HINT_WAIT_MS);
  });
  const task = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => log.warn({ err }, `${what} failed`),
    );
  await Promise.race([task, waited]);
  clearTimeout(timer);
}

const checkedRecently = (checkedAt: Date | null) =>
  checkedAt !== null && Date.now() - checkedAt.getTime() < RECHECK_AFTER_MS;

// ---- Model plan renewals ---------------------------------------------------------------------------------------

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
async function findPayer(db: Db, modelId: number) {
  const [model] = await db
    .select({ name: models.name, email: models.email })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)));
  if (!model) throw unauthorized();
  return model;
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

const deletePlanPayment = (db: Db, id: number) => db.delete(modelPayments).where(eq(modelPayments.id, id));

/** A Checkout Pro preference for one of the model's payments; she comes back to her dashboard. */
function modelPreference(
  checkout: Checkout,
  input: {
    ref: RecordRef;
    itemId: string;
    title: string;
    amountCents: number;
    payer: { name: string; email: string };
    expiresAt: Date;
  },
): PreferenceInput {
  const { origin } = checkout;
  return {
    items: [
      {
        id: input.itemId,
        title: `${input.title} - ${checkout.siteName}`,
        quantity: 1,
        unit_price: fromCents(input.amountCents),
        currency_id: "BRL",
      },
    ],
    payer: input.payer,
    back_urls: {
      success: `${origin}/dashboard?payment=success`,
      pending: `${origin}/dashboard?payment=pending`,
      failure: `${origin}/payment/failure`,
    },
    auto_return: "approved",
    notification_url: checkout.notificationUrl("/api/payments/webhook/model"),
    external_reference: externalReference(input.ref),
    binary_mode: checkout.provider.binaryMode,
    ...expiry(input.expiresAt),
  };
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
  const { db, checkout, modelId } = input;
  const plan = await findRenewalPlan({ db, planId: input.planId });
  const payer = await findPayer(db, modelId);
  const expiresAt = new Date(Date.now() + MODEL_LINK_MS);
  const paymentId = await insertPlanPayment(db, { modelId, plan, method: "mercadopago", expiresAt });
  const ref: RecordRef = { kind: "model_payment", id: paymentId };
  const preference = await chargeOrUndo(
    checkout,
    PAYMENT_PROVIDER_FAILED,
    async () => {
      const answer = await checkout.client.createPreference(
        modelPreference(checkout, {
          ref,
          itemId: plan.id ? `plan-${plan.id}` : `payment-${paymentId}`,
          title: plan.name,
          amountCents: plan.priceCents,
          payer,
          expiresAt,
        }),
        idempotencyKey(ref, "preference"),
      );
      await db
        .update(modelPayments)
        .set({ preferenceId: answer.id, paymentLink: answer.init_point })
        .where(eq(modelPayments.id, paymentId));
      return answer;
    },
    () => deletePlanPayment(db, paymentId),
  );
  return { paymentId, preference };
}

/** The first word of a name, as Mercado Pago's payer first_name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * POST /api/payments/model/pix: a pending "mercadopago_pix" payment of the plan's price for the signed-in model
 * and its Mercado Pago Pix charge, payable for PROVIDER_PIX_MINUTES. The QR image is drawn here from the
 * copy-and-paste code (Mercado Pago's own image when drawing fails).
 */
export async function startPlanPix(input: { db: Db; checkout: Checkout; modelId: number; planId?: number | null }) {
  const { db, checkout, modelId } = input;
  const plan = await findRenewalPlan({ db, planId: input.planId });
  const payer = await findPayer(db, modelId);
  const expiresAt = new Date(Date.now() + PROVIDER_PIX_MINUTES * MINUTE_MS);
  const paymentId = await insertPlanPayment(db, { modelId, plan, method: "mercadopago_pix", expiresAt });
  const ref: RecordRef = { kind: "model_payment", id: paymentId };
  const charge = await chargeOrUndo(
    checkout,
    PAYMENT_PROVIDER_FAILED,
    async () => {
      const payment = await checkout.client.createPixPayment(
        {
          transaction_amount: fromCents(plan.priceCents),
          description: `${plan.name} - ${checkout.siteName}`,
          payment_method_id: "pix",
          payer: { email: payer.email, first_name: firstName(payer.name) },
          external_reference: externalReference(ref),
          notification_url: checkout.notificationUrl("/api/payments/webhook/model"),
          date_of_expiration: mpDate(expiresAt),
        },
        idempotencyKey(ref, "pix"),
      );
      const data = payment.point_of_interaction?.transaction_data;
      if (!data?.qr_code) throw new ProviderError("Mercado Pago não devolveu o código Pix", "invalid_response");
      await db
        .update(modelPayments)
        .set({ paymentId: payment.id, pixPayload: data.qr_code })
        .where(eq(modelPayments.id, paymentId));
      return { code: data.qr_code, image: data.qr_code_base64 ?? null, ticketUrl: data.ticket_url ?? null };
    },
    () => deletePlanPayment(db, paymentId),
  );
  let qrCode: string;
  try {
    qrCode = await renderPixQr(charge.code);
  } catch (err) {
    if (!charge.image) throw err;
    checkout.log.warn({ err }, "Pix QR could not be drawn; Mercado Pago's image is used");
    qrCode = charge.image.startsWith("data:") ? charge.image : `data:image/png;base64,${charge.image}`;
  }
  return { paymentId, plan, expiresAt, qrCode, code: charge.code, ticketUrl: charge.ticketUrl };
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

// ---- The admin's payment link ----------------------------------------------------------------------------------

type AdminLinkBody = z.output<typeof AdminPaymentRequestBodySchema>;

/**
 * POST /api/payments/admin/generate-link: a pending "mercadopago" payment of the admin's amount for a model
 * (with the plan's name and period when a plan is given) and its Checkout Pro link, valid for 3 days. The
 * pending payment is committed before Mercado Pago is called; the link and the admin's audit row are stored
 * together once it answers. When the call fails the payment is removed again and no audit row is written.
 */
export async function generatePaymentLink(input: { db: Db; checkout: Checkout; adminId: number; body: AdminLinkBody }) {
  const { db, checkout, adminId, body } = input;
  const amountCents = toCents(body.amount);
  const expiresAt = new Date(Date.now() + MODEL_LINK_MS);
  const created = await db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, body.model_id);
    const [plan] = body.plan_id
      ? await tx
          .select({ id: plans.id, name: plans.name, periodType: plans.periodType })
          .from(plans)
          .where(eq(plans.id, body.plan_id))
      : [];
    if (body.plan_id && !plan) throw notFound(PLAN_NOT_FOUND);
    const [payment] = await tx
      .insert(modelPayments)
      .values({
        modelId: model.id,
        planId: plan?.id ?? null,
        planName: plan?.name ?? null,
        periodType: plan?.periodType ?? null,
        amountCents,
        method: "mercadopago",
        description: body.description,
        status: "pending",
        expiresAt,
      })
      .returning({ id: modelPayments.id });
    return { paymentId: payment.id, plan, payer: { name: model.name, email: model.email } };
  });
  const { paymentId, plan, payer } = created;
  const ref: RecordRef = { kind: "model_payment", id: paymentId };
  const preference = await chargeOrUndo(
    checkout,
    PAYMENT_LINK_FAILED,
    async () => {
      const answer = await checkout.client.createPreference(
        modelPreference(checkout, {
          ref,
          itemId: plan ? `plan-${plan.id}` : `payment-${paymentId}`,
          title: plan?.name ?? body.description,
          amountCents,
          payer,
          expiresAt,
        }),
        idempotencyKey(ref, "preference"),
      );
      // The link exists now: it is stored with the admin's audit row, in one transaction. The audit log is only
      // ever appended to, so a link that failed leaves no row to take back.
      await db.transaction(async (tx) => {
        await tx
          .update(modelPayments)
          .set({ preferenceId: answer.id, paymentLink: answer.init_point })
          .where(eq(modelPayments.id, paymentId));
        await recordAudit({
          db: tx,
          adminId,
          entry: {
            action: "payment.link",
            target: { type: "model_payment", id: paymentId },
            changes: {
              model_id: body.model_id,
              amount_cents: amountCents,
              plan_id: plan?.id ?? null,
              preference_id: answer.id,
              expires_at: expiresAt.toISOString(),
            },
          },
        });
      });
      return answer;
    },
    () => db.delete(modelPayments).where(eq(modelPayments.id, paymentId)),
  );
  return { paymentId, preference };
}

// ---- Shop orders -----------------------------------------------------------------------------------------------

type CheckoutBody = z.output<typeof CheckoutBodySchema>;

/** A static Pix's txid for an order: "PED" and the order id, zero-padded (letters and digits, at most 25). */
export const txidForOrder = (orderId: number) => `PED${String(orderId).padStart(9, "0")}`;

/** A pending order of the product at its price, with the buyer; the product must be on sale to the public. */
async function insertOrder(
  db: Db,
  input: { product: Awaited<ReturnType<typeof findPublicProduct>>; body: CheckoutBody; method: string },
): Promise<OrderRow> {
  const { product, body } = input;
  const [row] = await db
    .insert(orders)
    .values({
      productId: product.id,
      modelId: product.modelId,
      productName: product.name,
      customerName: body.customer_name,
      customerEmail: body.customer_email,
      customerPhone: body.customer_phone,
      amountCents: product.priceCents,
      status: "pending",
      method: input.method,
      expiresAt: new Date(Date.now() + ORDER_MS),
    })
    .returning();
  return row;
}

/**
 * POST /api/payments/pix ("PIX Manual"): a pending "pix" order of the product's price and a static BR Code to
 * the site's Pix key with the order in its txid, payable for 24 hours. A static Pix confirms nothing by itself:
 * the order stays pending (and is not revenue) until an admin marks it paid. No Pix key configured → 400
 * PIX_KEY_MISSING and no order.
 */
export async function startPixManualOrder({ db, body }: { db: Db; body: CheckoutBody }) {
  const product = await findPublicProduct({ db, productId: body.product_id });
  const pix = await loadSitePix(db);
  return db.transaction(async (tx) => {
    const order = await insertOrder(tx, { product, body, method: "pix" });
    const txid = txidForOrder(order.id);
    const description = `Pedido ${order.id}`;
    const payload = buildSitePixPayload(pix, { amountCents: order.amountCents, txid, description });
    await tx.update(orders).set({ pixTxid: txid }).where(eq(orders.id, order.id));
    return { order, key: pix.key, payload, description, qrCode: await renderPixQr(payload) };
  });
}

/** Payment types a Pix-only Checkout Pro leaves out: everything but bank_transfer (Pix). */
const ALL_BUT_PIX = ["credit_card", "debit_card", "ticket", "account_money"].map((id) => ({ id }));

/**
 * POST /api/payments/mp/pix-preference ("PIX via Mercado Pago"): a pending "mercadopago_pix" order of the
 * product's price and a Checkout Pro preference that only takes Pix, valid for 24 hours.
 */
export async function startProviderPixOrder({
  db,
  checkout,
  body,
}: {
  db: Db;
  checkout: Checkout;
  body: CheckoutBody;
}) {
  const product = await findPublicProduct({ db, productId: body.product_id });
  const order = await insertOrder(db, { product, body, method: "mercadopago_pix" });
  const ref: RecordRef = { kind: "order", id: order.id };
  const { origin } = checkout;
  const success = `${origin}/payment/success?order_id=${order.accessToken}`;
  const preference = await chargeOrUndo(
    checkout,
    PAYMENT_PROVIDER_FAILED,
    async () => {
      const answer = await checkout.client.createPreference(
        {
          items: [
            {
              id: `product-${product.id}`,
              title: `${product.name} - ${checkout.siteName}`,
              quantity: 1,
              unit_price: fromCents(order.amountCents),
              currency_id: "BRL",
            },
          ],
          payer: { name: body.customer_name, email: body.customer_email },
          back_urls: { success, pending: success, failure: `${origin}/payment/failure?product_id=${product.id}` },
          auto_return: "approved",
          notification_url: checkout.notificationUrl("/api/payments/webhook"),
          external_reference: externalReference(ref),
          // A Pix stays pending until the buyer transfers; binary mode would reject it at once.
          binary_mode: false,
          payment_methods: { excluded_payment_types: ALL_BUT_PIX },
          ...expiry(order.expiresAt ?? new Date(Date.now() + ORDER_MS)),
        },
        idempotencyKey(ref, "preference"),
      );
      await db.update(orders).set({ preferenceId: answer.id }).where(eq(orders.id, order.id));
      return answer;
    },
    () => db.delete(orders).where(eq(orders.id, order.id)),
  );
  return { orderId: order.id, orderToken: order.accessToken, preference };
}

/** An order's access token as the database writes it (see orders.accessToken): 64 lower-case hex digits. */
const ORDER_TOKEN = /^[0-9a-f]{64}$/;

/** GET /api/payments/orders/{token}: the order holding this access token; anything else is 404. */
export async function findOrderByToken({ db, token }: { db: Db; token: string }): Promise<OrderRow> {
  if (!ORDER_TOKEN.test(token)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await db.select().from(orders).where(eq(orders.accessToken, token));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/**
 * GET /api/payments/orders/{token}?payment_id: the order as stored. Coming back from Mercado Pago with the id of a
 * payment, a pending Mercado Pago order first has that payment re-read and settled (a hint: what Mercado Pago
 * says decides, the payment is applied to the record its external_reference names, bounded in time, failures
 * ignored).
 */
export async function readOrder(input: {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  token: string;
  providerPaymentId?: string;
}): Promise<OrderRow> {
  const { app, log, token, providerPaymentId } = input;
  const row = await findOrderByToken({ db: app.db, token });
  const orderId = row.id;
  if (
    !providerPaymentId ||
    row.status !== "pending" ||
    row.method !== "mercadopago_pix" ||
    checkedRecently(row.providerCheckedAt)
  ) {
    return row;
  }
  const provider = await loadProviderSettings(app.db);
  const client = clientFor(app, provider);
  if (!client) return row;
  await hint(log, `settling Mercado Pago payment ${providerPaymentId}`, async () => {
    const outcome = await settleProviderPayment({ app, client, provider, providerPaymentId });
    if (outcome.ref && (outcome.ref.kind !== "order" || outcome.ref.id !== orderId)) {
      log.warn({ orderId, providerPaymentId, ref: outcome.ref }, "returned payment belongs to another record");
    }
  });
  return findOrderByToken({ db: app.db, token });
}
