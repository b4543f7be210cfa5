import {
  CheckoutProductResponseSchema,
  IdParamsSchema,
  OwnOrdersResponseSchema,
  OwnProductResponseSchema,
  OwnProductsResponseSchema,
  ProductBodySchema,
  ProductIdParamsSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { modelIdOf } from "../../plugins/auth";
import { publishIfVisible } from "../profile/public-change";
import { presentOwnOrder, presentOwnProduct } from "./present";
import {
  createProduct,
  deleteProduct,
  findPublicProduct,
  listOwnOrders,
  listOwnProducts,
  updateProduct,
} from "./service";

/** Products ("Vendas"): the public checkout read, and the model's own products and orders. Mounted at /api. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/products/:productId",
    { schema: { params: ProductIdParamsSchema, response: { 200: CheckoutProductResponseSchema } } },
    async (request) => ({ product: await findPublicProduct(app.db, request.params.productId) }),
  );

  app.get(
    "/models/products",
    { preHandler: app.requireModel, schema: { response: { 200: OwnProductsResponseSchema } } },
    async (request) => {
      const rows = await listOwnProducts(app.db, modelIdOf(request));
      return { products: rows.map(presentOwnProduct) };
    },
  );

  app.post(
    "/models/products",
    {
      preHandler: app.requireModel,
      schema: { body: ProductBodySchema, response: { 201: OwnProductResponseSchema } },
    },
    async (request, reply) => {
      const modelId = modelIdOf(request);
      const row = await createProduct({ db: app.db, modelId, input: request.body });
      await publishIfVisible(app, modelId);
      reply.code(201);
      return { product: presentOwnProduct(row) };
    },
  );

  app.put(
    "/models/products/:id",
    {
      preHandler: app.requireModel,
      schema: { params: IdParamsSchema, body: ProductBodySchema, response: { 200: OwnProductResponseSchema } },
    },
    async (request) => {
      const modelId = modelIdOf(request);
      const row = await updateProduct({ db: app.db, modelId, productId: request.params.id, body: request.body });
      await publishIfVisible(app, modelId);
      return { product: presentOwnProduct(row) };
    },
  );

  app.delete(
    "/models/products/:id",
    { preHandler: app.requireModel, schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const modelId = modelIdOf(request);
      await deleteProduct({ db: app.db, modelId, productId: request.params.id });
      await publishIfVisible(app, modelId);
      return { success: true as const };
    },
  );

  app.get(
    "/models/orders",
    { preHandler: app.requireModel, schema: { response: { 200: OwnOrdersResponseSchema } } },
    async (request) => {
      const rows = await listOwnOrders(app.db, modelIdOf(request));
      return { orders: rows.map(presentOwnOrder) };
    },
  );
};
