import {
  AdminGeneratePixResponseSchema,
  AdminPaymentRequestBodySchema,
  PixKeyTypeParamsSchema,
  PixQrQuerySchema,
  PixQrResponseSchema,
  type PixKeyType,
} from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toCents } from "../../lib/money";
import { presentModelPix, presentPixQr } from "./present";
import { generateModelPix, generateStaticPix } from "./service";

const DEFAULT_DESCRIPTION = "Pagamento";

async function answerStaticPix(
  app: FastifyInstance,
  keyType: PixKeyType,
  query: { amount?: number; description?: string },
) {
  const qr = await generateStaticPix({
    db: app.db,
    keyType,
    amountCents: query.amount === undefined ? undefined : toCents(query.amount),
    description: query.description || DEFAULT_DESCRIPTION,
  });
  return presentPixQr(qr);
}

/**
 * The admin's Pix calls, at /api/payments (admin scope): a static QR for any configured key type, and the
 * "Generate PIX" action of the models table.
 */
export const pixAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /pix/qrcode/random is served by the signed-in route below: the router prefers a static path to a
  // parameter, so an admin asking for "random" reaches that route, which admits admins too.
  app.get(
    "/pix/qrcode/:keyType",
    {
      schema: { params: PixKeyTypeParamsSchema, querystring: PixQrQuerySchema, response: { 200: PixQrResponseSchema } },
    },
    async (request) => answerStaticPix(app, request.params.keyType, request.query),
  );

  app.post(
    "/admin/generate-pix",
    { schema: { body: AdminPaymentRequestBodySchema, response: { 200: AdminGeneratePixResponseSchema } } },
    async (request) => {
      const { body } = request;
      const pix = await generateModelPix({
        db: app.db,
        adminId: request.adminId,
        modelId: body.model_id,
        planId: body.plan_id,
        amountCents: toCents(body.amount),
        description: body.description,
      });
      return presentModelPix(pix);
    },
  );
};

/** The static Pix QR of the site's random key, for a model (the renewal dialog) or an admin, at /api/payments. */
export const pixSignedInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/pix/qrcode/random",
    { schema: { querystring: PixQrQuerySchema, response: { 200: PixQrResponseSchema } } },
    async (request) => answerStaticPix(app, "random", request.query),
  );
};
