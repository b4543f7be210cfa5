import {
  AdminGenerateLinkResponseSchema,
  AdminPaymentRequestBodySchema,
  CheckoutBodySchema,
  CheckoutPixResponseSchema,
  CheckoutPreferenceResponseSchema,
  fromCents,
  IdParamsSchema,
  ModelPixBodySchema,
  ModelPixResponseSchema,
  ModelSubscriptionBodySchema,
  ModelSubscriptionResponseSchema,
  OrderStatusQuerySchema,
  OrderTokenParamsSchema,
  OwnPaymentResponseSchema,
  PublicOrderResponseSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientAddressKey } from "../../lib/client-address";
import { generatePaymentLink, PAYMENT_LINK_FAILED } from "./admin-link";
import { openCheckout } from "./checkout";
import { readOwnPayment, startPlanCheckout, startPlanPix } from "./plan-checkout";
import { readOrder, startPixManualOrder, startProviderPixOrder } from "./shop-checkout";
import { presentOwnPayment, presentPublicOrder } from "./present";

/** Per client address (an IPv6 client by its /64): anyone may call these, so nobody may flood them. */
const perAddress = (max: number) => ({
  rateLimit: { max, timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip) },
});
/** Orders a visitor may start per minute from one address. */
export const ORDERS_PER_MINUTE = 10;
/** Order status reads per minute from one address (the result page follows a pending order). */
export const ORDER_READS_PER_MINUTE = 120;

/**
 * The signed-in model's plan renewal, at /api/payments (model scope): a Checkout Pro link or a Mercado Pago Pix
 * for a plan, and where one of her payments stands. The model is the token's; the price is the plan's.
 */
export const paymentsModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/model/subscription",
    { schema: { body: ModelSubscriptionBodySchema, response: { 200: ModelSubscriptionResponseSchema } } },
    async (request) => {
      const checkout = await openCheckout({ app, request });
      const { paymentId, preference } = await startPlanCheckout({
        db: app.db,
        checkout,
        modelId: request.modelId,
        planId: request.body.plan_id,
      });
      return {
        init_point: preference.init_point,
        ...(preference.sandbox_init_point ? { sandbox_init_point: preference.sandbox_init_point } : {}),
        preference_id: preference.id,
        payment_id: paymentId,
      };
    },
  );

  app.post(
    "/model/pix",
    { schema: { body: ModelPixBodySchema, response: { 200: ModelPixResponseSchema } } },
    async (request) => {
      const checkout = await openCheckout({ app, request });
      const pix = await startPlanPix({ db: app.db, checkout, modelId: request.modelId, planId: request.body.plan_id });
      return {
        payment_id: pix.paymentId,
        qr_code: pix.qrCode,
        qr_code_data: pix.code,
        expires_at: pix.expiresAt.toISOString(),
        amount: fromCents(pix.plan.priceCents),
        plan_name: pix.plan.name,
        ticket_url: pix.ticketUrl,
      };
    },
  );

  app.get(
    "/model/payments/:id",
    { schema: { params: IdParamsSchema, response: { 200: OwnPaymentResponseSchema } } },
    async (request) => {
      const row = await readOwnPayment({
        app,
        log: request.log,
        modelId: request.modelId,
        paymentId: request.params.id,
      });
      return { payment: presentOwnPayment(row) };
    },
  );
};

/** The admin's "Gerar link de pagamento" for a model, at /api/payments (admin scope). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/generate-link",
    { schema: { body: AdminPaymentRequestBodySchema, response: { 200: AdminGenerateLinkResponseSchema } } },
    async (request) => {
      const checkout = await openCheckout({ app, request, failure: PAYMENT_LINK_FAILED });
      const { paymentId, preference } = await generatePaymentLink({
        db: app.db,
        checkout,
        adminId: request.adminId,
        body: request.body,
      });
      return { init_point: preference.init_point, preference_id: preference.id, payment_id: paymentId };
    },
  );
};

/**
 * The shop's checkout, at /api/payments (public scope): a "PIX Manual" order with a static BR Code, a "PIX via
 * Mercado Pago" order with its Checkout Pro link, and where an order stands for the result pages.
 */
export const paymentsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/pix",
    {
      config: perAddress(ORDERS_PER_MINUTE),
      schema: { body: CheckoutBodySchema, response: { 200: CheckoutPixResponseSchema } },
    },
    async (request) => {
      const started = await startPixManualOrder({ db: app.db, body: request.body });
      return {
        order_id: started.order.id,
        order_token: started.order.accessToken,
        qr_code: started.qrCode,
        qr_code_data: started.payload,
        pix_key: started.key,
        amount: fromCents(started.order.amountCents),
        description: started.description,
      };
    },
  );

  app.post(
    "/mp/pix-preference",
    {
      config: perAddress(ORDERS_PER_MINUTE),
      schema: { body: CheckoutBodySchema, response: { 200: CheckoutPreferenceResponseSchema } },
    },
    async (request) => {
      const checkout = await openCheckout({ app, request });
      const { orderId, orderToken, preference } = await startProviderPixOrder({
        db: app.db,
        checkout,
        body: request.body,
      });
      return {
        order_id: orderId,
        order_token: orderToken,
        init_point: preference.init_point,
        preference_id: preference.id,
      };
    },
  );

  app.get(
    "/orders/:token",
    {
      config: perAddress(ORDER_READS_PER_MINUTE),
      schema: {
        params: OrderTokenParamsSchema,
        querystring: OrderStatusQuerySchema,
        response: { 200: PublicOrderResponseSchema },
      },
    },
    async (request) => {
      const row = await readOrder({
        app,
        log: request.log,
        token: request.params.token,
        providerPaymentId: request.query.payment_id,
      });
      return { order: presentPublicOrder(row) };
    },
  );
};
