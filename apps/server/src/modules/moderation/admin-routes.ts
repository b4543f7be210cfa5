import {
  AppealDecisionBodySchema,
  IdParamsSchema,
  ModerationCaseResponseSchema,
  ModerationDecisionBodySchema,
  ModerationQueueQuerySchema,
  ModerationQueueResponseSchema,
  ModerationStatsResponseSchema,
  SuccessSchema,
  UrgentSummarySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../audit/service";
import { decideAppeal, decideCase } from "./decisions";
import { readEvidencePackage } from "./evidence";
import { getCaseDetail, getModerationStats, getUrgentSummary, listCases } from "./queries";

/** The admin's "Denúncias", at /api/admin/moderation (admin scope): the queue, a case, decisions, evidence. */
export const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/moderation/cases",
    { schema: { querystring: ModerationQueueQuerySchema, response: { 200: ModerationQueueResponseSchema } } },
    async (request) => listCases(app.db, request.query),
  );

  app.get(
    "/moderation/cases/:id",
    { schema: { params: IdParamsSchema, response: { 200: ModerationCaseResponseSchema } } },
    async (request) => ({ case: await getCaseDetail(app, request.params.id) }),
  );

  app.post(
    "/moderation/cases/:id/decision",
    { schema: { params: IdParamsSchema, body: ModerationDecisionBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await decideCase(app, { caseId: request.params.id, adminId: request.adminId, body: request.body });
      return { success: true as const };
    },
  );

  app.post(
    "/moderation/cases/:id/appeal-decision",
    { schema: { params: IdParamsSchema, body: AppealDecisionBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await decideAppeal(app, { caseId: request.params.id, adminId: request.adminId, body: request.body });
      return { success: true as const };
    },
  );

  // The evidence package for the authorities (files decrypted): every export is audited.
  app.get("/moderation/cases/:id/evidence", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const caseId = request.params.id;
    const detail = await getCaseDetail(app, caseId);
    const evidence = await readEvidencePackage(app, caseId);
    await recordAudit({
      db: app.db,
      adminId: request.adminId,
      entry: {
        action: "moderation.evidence_export",
        target: { type: "moderation_case", id: caseId },
        changes: { items: evidence.length },
      },
    });
    const { photos: _photos, ...kase } = detail;
    const body = { exported_at: new Date().toISOString(), case: kase, evidence };
    return reply
      .header("Content-Disposition", `attachment; filename="evidencias-denuncia-${caseId}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(body, null, 2));
  });

  // Open urgent cases and the oldest one's waiting start: the red badge of the admin's navigation (polled).
  app.get("/moderation/urgent", { schema: { response: { 200: UrgentSummarySchema } } }, async () =>
    getUrgentSummary(app.db),
  );

  app.get("/moderation/stats", { schema: { response: { 200: ModerationStatsResponseSchema } } }, async () =>
    getModerationStats(app.db),
  );
};
