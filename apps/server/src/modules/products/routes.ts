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
import { changeModel } from "../models/publish";
import { presentCheckoutProduct, presentOwnOrder, presentOwnProduct } from "./present";
import {
  createProduct,
  deleteProduct,
  findPublicProduct,
  listOwnOrders,
  listOwnProducts,
  updateProduct,
} from "./service";

/** The public checkout's product read, at /api/products/:productId (public scope). */
export const publicProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/products/:productId",
    { schema: { params: ProductIdParamsSchema, response: { 200: CheckoutProductResponseSchema } } },
    async (request) => ({
      product: presentCheckoutProduct(await findPublicProduct({ db: app.db, productId: request.params.productId })),
    }),
  );
};

/** "Vendas": the signed-in model's products and orders, at /api/models/products and /orders (model scope). */
export const ownProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/products", { schema: { response: { 200: OwnProductsResponseSchema } } }, async (request) => {
    const rows = await listOwnProducts({ db: app.db, modelId: request.modelId });
    return { products: rows.map(presentOwnProduct) };
  });

  app.post(
    "/products",
    { schema: { body: ProductBodySchema, response: { 201: OwnProductResponseSchema } } },
    async (request, reply) => {
      const { modelId } = request;
      const row = await changeModel(app, modelId, (tx) => createProduct({ db: tx, modelId, input: request.body }));
      reply.code(201);
      return { product: presentOwnProduct(row) };
    },
  );

  app.put(
    "/products/:id",
    { schema: { params: IdParamsSchema, body: ProductBodySchema, response: { 200: OwnProductResponseSchema } } },
    async (request) => {
      const { modelId } = request;
      const row = await changeModel(app, modelId, (tx) =>
        updateProduct({ db: tx, modelId, productId: request.params.id, body: request.body }),
      );
      return { product: presentOwnProduct(row) };
    },
  );

  app.delete(
    "/products/:id",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const { modelId } = request;
      await changeModel(app, modelId, (tx) => deleteProduct({ db: tx, modelId, productId: request.params.id }));
      return { success: true as const };
    },
  );

  app.get("/orders", { schema: { response: { 200: OwnOrdersResponseSchema } } }, async (request) => {
    const rows = await listOwnOrders({ db: app.db, modelId: request.modelId });
    return { orders: rows.map(presentOwnOrder) };
  });
};
