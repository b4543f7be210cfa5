import {
  AdminBoostProductsResponseSchema,
  AdminBoostResponseSchema,
  AdminBoostsQuerySchema,
  AdminBoostsResponseSchema,
  ApproveBoostBodySchema,
  BoostProductResponseSchema,
  BuyBoostBodySchema,
  BuyBoostCheckoutResponseSchema,
  BuyBoostPixResponseSchema,
  IdParamsSchema,
  OwnBoostsResponseSchema,
  RejectBoostBodySchema,
  UpdateBoostProductBodySchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { openCheckout } from "../payments/service";
import { startBoostCheckout, startBoostPix } from "./purchase";
import {
  approveBoost,
  listAdminBoosts,
  listBoostProducts,
  listOwnBoosts,
  rejectBoost,
  updateBoostProduct,
} from "./service";

/**
 * Her boosts, at /api/models/boosts (model scope): what she may buy and what she bought, and buying one by Mercado
 * Pago Pix or Checkout Pro. The model is the token's; the price is the product's.
 */
export const boostsModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/", { schema: { response: { 200: OwnBoostsResponseSchema } } }, async (request) =>
    listOwnBoosts({ db: app.db, modelId: request.modelId }),
  );

  /** The boost she asks for, as the purchase reads it, charged by Mercado Pago as configured for the request. */
  const purchaseOf = async (request: FastifyRequest, body: { product_id: number; bump_hour?: number | null }) => ({
    db: app.db,
    checkout: await openCheckout({ app, request }),
    modelId: request.modelId,
    productId: body.product_id,
    bumpHour: body.bump_hour ?? null,
  });

  app.post(
    "/pix",
    { schema: { body: BuyBoostBodySchema, response: { 200: BuyBoostPixResponseSchema } } },
    async (request) => {
      const pix = await startBoostPix(await purchaseOf(request, request.body));
      return {
        boost_id: pix.boostId,
        payment_id: pix.paymentId,
        qr_code: pix.qrCode,
        qr_code_data: pix.code,
        expires_at: pix.expiresAt.toISOString(),
        amount_cents: pix.product.priceCents,
        name: pix.product.name,
        ticket_url: pix.ticketUrl,
      };
    },
  );

  app.post(
    "/checkout",
    { schema: { body: BuyBoostBodySchema, response: { 200: BuyBoostCheckoutResponseSchema } } },
    async (request) => {
      const started = await startBoostCheckout(await purchaseOf(request, request.body));
      return {
        boost_id: started.boostId,
        payment_id: started.paymentId,
        init_point: started.preference.init_point,
        preference_id: started.preference.id,
      };
    },
  );
};

/** The "Impulsionamentos" queue and the boost products, at /api/admin (admin scope); every change is audited. */
export const boostsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/boosts",
    { schema: { querystring: AdminBoostsQuerySchema, response: { 200: AdminBoostsResponseSchema } } },
    async (request) => ({ boosts: await listAdminBoosts({ db: app.db, view: request.query.view }) }),
  );

  app.post(
    "/boosts/:id/approve",
    { schema: { params: IdParamsSchema, body: ApproveBoostBodySchema, response: { 200: AdminBoostResponseSchema } } },
    async (request) => ({
      boost: await approveBoost({
        db: app.db,
        adminId: request.adminId,
        id: request.params.id,
        snapshotHash: request.body.snapshot_hash,
      }),
    }),
  );

  app.post(
    "/boosts/:id/reject",
    { schema: { params: IdParamsSchema, body: RejectBoostBodySchema, response: { 200: AdminBoostResponseSchema } } },
    async (request) => ({
      boost: await rejectBoost({ app, adminId: request.adminId, id: request.params.id, reason: request.body.reason }),
    }),
  );

  app.get("/boost-products", { schema: { response: { 200: AdminBoostProductsResponseSchema } } }, async () => ({
    products: await listBoostProducts(app.db),
  }));

  app.patch(
    "/boost-products/:id",
    {
      schema: {
        params: IdParamsSchema,
        body: UpdateBoostProductBodySchema,
        response: { 200: BoostProductResponseSchema },
      },
    },
    async (request) => ({
      product: await updateBoostProduct({
        db: app.db,
        adminId: request.adminId,
        id: request.params.id,
        body: request.body,
      }),
    }),
  );
};
