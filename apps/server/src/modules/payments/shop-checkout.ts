import { type CheckoutBodySchema, fromCents, PAYMENT_PROVIDER_FAILED } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { type OrderRow, orders } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { renderPixQr } from "../../lib/pix";
import { buildSitePixPayload, loadSitePix } from "../pix/service";
import { findPublicProduct } from "../products/service";
import { chargeOrUndo, type Checkout, checkedRecently, expiry, hint, HOUR_MS } from "./checkout";
import { clientFor, externalReference, idempotencyKey, loadProviderSettings, type RecordRef } from "./provider";
import { settleProviderPayment } from "./settle";

/**
 * A visitor buying a product: a static "PIX Manual" to the site's key or a Checkout Pro restricted to Pix, and the
 * buyer's order page reached by its access token (re-read at Mercado Pago on the way back from it).
 */

export const ORDER_NOT_FOUND = "Pedido não encontrado";
/** A shop order (PIX Manual or Checkout Pro) can be paid for 24 hours; the jobs cancel it afterwards. */
const ORDER_MS = 24 * HOUR_MS;

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
