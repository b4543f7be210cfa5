import {
  AdminServiceOptionsResponseSchema,
  IdParamsSchema,
  PublicServiceOptionsResponseSchema,
  ServiceOptionBodySchema,
  ServiceOptionResponseSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addServiceOption, listPublicServiceNames, listServiceOptions, removeServiceOption } from "./service";

/** GET /api/service-options: the names the profile editor offers and the listing filter lists (public, cached). */
export const serviceOptionsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/service-options", { schema: { response: { 200: PublicServiceOptionsResponseSchema } } }, async () => ({
    options: await listPublicServiceNames({ db: app.db, cache: app.publicCache }),
  }));
};

/** /api/admin/service-options: the admin keeps the list (admin scope; every change writes an audit row). */
export const serviceOptionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/service-options", { schema: { response: { 200: AdminServiceOptionsResponseSchema } } }, async () => ({
    options: await listServiceOptions({ db: app.db }),
  }));

  app.post(
    "/service-options",
    { schema: { body: ServiceOptionBodySchema, response: { 200: ServiceOptionResponseSchema } } },
    async (request) => ({
      option: await addServiceOption({ db: app.db, adminId: request.adminId, name: request.body.name }),
    }),
  );

  app.delete(
    "/service-options/:id",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await removeServiceOption({ db: app.db, adminId: request.adminId, id: request.params.id });
      return { success: true as const };
    },
  );
};
