import {
  AdminModelChartsResponseSchema,
  AdminModelPlanBodySchema,
  AdminModelResponseSchema,
  AdminModelsQuerySchema,
  AdminModelsResponseSchema,
  AdminModelStatusBodySchema,
  AdminRegisterModelBodySchema,
  IdParamsSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { csvDownloadHeaders, csvFilename } from "../../lib/csv";
import { todayInSaoPaulo } from "../../lib/dates";
import { getAdminModelCharts } from "./charts";
import { deleteModelByAdmin } from "./delete";
import { exportModelsCsv } from "./export";
import { presentAdminModel } from "./present";
import { listAdminModels } from "./query";
import { sendEmailConfirmation } from "../mail/service";
import { registerModelByAdmin } from "./register";
import { updateModelPlan, updateModelStatus } from "./service";

/** Gerenciar Modelos: /api/admin/models… (admin scope; each change writes one audit row). */
export const adminModelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/models",
    { schema: { querystring: AdminModelsQuerySchema, response: { 200: AdminModelsResponseSchema } } },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { records, total } = await listAdminModels({ db: app.db, filters, page, limit });
      const today = todayInSaoPaulo();
      return {
        models: records.map((r) => presentAdminModel(r, today)),
        pagination: { page, pages: Math.ceil(total / limit), total },
      };
    },
  );

  app.get("/models/charts", { schema: { response: { 200: AdminModelChartsResponseSchema } } }, async () =>
    getAdminModelCharts({ db: app.db }),
  );

  // The current filters of the list (paging aside) as a spreadsheet.
  app.get(
    "/models.csv",
    { schema: { querystring: AdminModelsQuerySchema.omit({ page: true, limit: true }) } },
    async (request, reply) => {
      const csv = await exportModelsCsv({ db: app.db, filters: request.query });
      reply.headers(csvDownloadHeaders(csvFilename("modelos")));
      return csv;
    },
  );

  app.post(
    "/models",
    { schema: { body: AdminRegisterModelBodySchema, response: { 201: AdminModelResponseSchema } } },
    async (request, reply) => {
      const record = await registerModelByAdmin({ db: app.db, adminId: request.adminId, body: request.body });
      // She confirms her address as a model registering herself does: until then she may not pay or be public.
      await sendEmailConfirmation(app, {
        model: record.model,
        email: record.model.email,
        fallbackOrigin: `${request.protocol}://${request.host}`,
      });
      reply.code(201);
      return { model: presentAdminModel(record) };
    },
  );

  app.patch(
    "/models/:id/status",
    {
      schema: {
        params: IdParamsSchema,
        body: AdminModelStatusBodySchema,
        response: { 200: AdminModelResponseSchema },
      },
    },
    async (request) => {
      const modelId = request.params.id;
      const { record } = await updateModelStatus({
        db: app.db,
        adminId: request.adminId,
        modelId,
        body: request.body,
      });
      await app.events.deliver();
      return { model: presentAdminModel(record) };
    },
  );

  app.patch(
    "/models/:id/plan",
    { schema: { params: IdParamsSchema, body: AdminModelPlanBodySchema, response: { 200: AdminModelResponseSchema } } },
    async (request) => {
      const record = await updateModelPlan({
        db: app.db,
        adminId: request.adminId,
        modelId: request.params.id,
        body: request.body,
      });
      return { model: presentAdminModel(record) };
    },
  );

  app.delete(
    "/models/:id",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const modelId = request.params.id;
      await deleteModelByAdmin({
        db: app.db,
        storage: app.storage,
        adminId: request.adminId,
        modelId,
      });
      await app.events.deliver();
      return { success: true as const };
    },
  );
};
