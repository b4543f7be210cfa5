import { fromCents, PAYMENT_PROVIDER_FAILED } from "@vitrine/contracts";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { type MercadoPagoClient, mpDate, type PreferenceInput, ProviderError } from "../../lib/mercadopago";
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

/**
 * Starting payments, each audience in its own file: a model renewing her plan (plan-checkout.ts), the admin's
 * payment link for a model (admin-link.ts) and a visitor buying a product (shop-checkout.ts). This file holds
 * what they share: Mercado Pago as configured for the request, the charge-or-undo step and the bounded re-read.
 *
 * The server decides every amount (the plan's or the product's price; the admin's own amount for a link). A
 * charge at Mercado Pago is made for a record that is already committed: the pending record is inserted first
 * (no transaction is held across the HTTP call), Mercado Pago is called with an idempotency key derived from the
 * record, and what it answers is stored on the record. When Mercado Pago fails, is too slow or is not configured,
 * the record is removed again and the caller gets 503 PROVIDER_UNAVAILABLE: nothing is left half-written.
 */

export const PLAN_NOT_FOUND = "Plano não encontrado";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A plan renewal's or an admin's checkout link can be paid for 3 days. */
export const MODEL_LINK_MS = 3 * DAY_MS;
/** How long a read waits for Mercado Pago before answering what is stored (the re-read goes on behind). */
const HINT_WAIT_MS = 4000;
/** A record compared with Mercado Pago this recently is not re-read on a status request. */
const RECHECK_AFTER_MS = 5000;

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
export async function chargeOrUndo<T>(
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

export const expiry = (expiresAt: Date) => ({
  expires: true,
  expiration_date_to: mpDate(expiresAt),
  date_of_expiration: mpDate(expiresAt),
});

/**
 * Waits for a re-read at Mercado Pago at most HINT_WAIT_MS; its failure or slowness is logged and ignored, since
 * the caller answers what is stored either way.
 */
export async function hint(log: FastifyBaseLogger, what: string, work: () => Promise<unknown>): Promise<void> {
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

export const checkedRecently = (checkedAt: Date | null) =>
  checkedAt !== null && Date.now() - checkedAt.getTime() < RECHECK_AFTER_MS;

/**
 * Creates the Checkout Pro preference of one of the model's payments (the item is the plan when there is one, else
 * the payment); she comes back to her dashboard.
 */
export function createModelPreference(
  checkout: Checkout,
  input: {
    ref: RecordRef;
    planId: number | null;
    title: string;
    amountCents: number;
    payer: { name: string; email: string };
    expiresAt: Date;
  },
) {
  return checkout.client.createPreference(modelPreference(checkout, input), idempotencyKey(input.ref, "preference"));
}

function modelPreference(checkout: Checkout, input: Parameters<typeof createModelPreference>[1]): PreferenceInput {
  const { origin } = checkout;
  return {
    items: [
      {
        id: input.planId ? `plan-${input.planId}` : `payment-${input.ref.id}`,
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
