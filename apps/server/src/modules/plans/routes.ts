import {
  AdminIdParamsSchema,
  AdminPlanResponseSchema,
  AdminPlansResponseSchema,
  DeletePlanQuerySchema,
  PlanBodySchema,
  PlanDistributionResponseSchema,
  PlanStatusBodySchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { presentAdminPlan } from "./present";
import { createPlan, deletePlan, getPlanDistribution, listPlans, setPlanStatus, updatePlan } from "./service";

/** The back-office's plans, at /api/admin (admin scope): list, distribution chart, create, edit, toggle, delete. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/plans", { schema: { response: { 200: AdminPlansResponseSchema } } }, async () => ({
    plans: (await listPlans({ db: app.db })).map(presentAdminPlan),
  }));

  app.get("/plans/distribution", { schema: { response: { 200: PlanDistributionResponseSchema } } }, async () => ({
    planDist: await getPlanDistribution({ db: app.db }),
  }));

  app.post(
    "/plans",
    { schema: { body: PlanBodySchema, response: { 201: AdminPlanResponseSchema } } },
    async (request, reply) => {
      const plan = await createPlan({ db: app.db, adminId: request.adminId, input: request.body });
      return reply.code(201).send({ plan: presentAdminPlan(plan) });
    },
  );

  app.put(
    "/plans/:id",
    { schema: { params: AdminIdParamsSchema, body: PlanBodySchema, response: { 200: AdminPlanResponseSchema } } },
    async (request) => {
      const { adminId, params, body } = request;
      return { plan: presentAdminPlan(await updatePlan({ db: app.db, adminId, id: params.id, input: body })) };
    },
  );

  app.patch(
    "/plans/:id/status",
    {
      schema: { params: AdminIdParamsSchema, body: PlanStatusBodySchema, response: { 200: AdminPlanResponseSchema } },
    },
    async (request) => {
      const { adminId, params, body } = request;
      return {
        plan: presentAdminPlan(await setPlanStatus({ db: app.db, adminId, id: params.id, active: body.active })),
      };
    },
  );

  app.delete(
    "/plans/:id",
    { schema: { params: AdminIdParamsSchema, querystring: DeletePlanQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const force = request.query.force === "true" || request.query.force === "1";
      await deletePlan({ db: app.db, adminId: request.adminId, id: request.params.id, force });
      return { success: true as const };
    },
  );
};
