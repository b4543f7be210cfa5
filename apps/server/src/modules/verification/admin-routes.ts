import {
  AdminVerificationDecisionResponseSchema,
  AdminVerificationResponseSchema,
  AdminVerificationsQuerySchema,
  AdminVerificationsResponseSchema,
  ApproveVerificationBodySchema,
  IdParamsSchema,
  SuccessSchema,
  VerificationFileParamsSchema,
  VerificationReasonBodySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/app-error";
import { recordAudit } from "../audit/service";
import { readVerificationFile } from "./files";
import { findVerificationFile, getVerificationDetail, listVerificationQueue } from "./queue";
import { identityHashKey } from "./identity-hash";
import {
  approveVerification,
  bannedIdentityRefusal,
  closeVerification,
  type Decision,
  underageRefusal,
  unfreezeModel,
} from "./review";

const FILES_GONE = "Os arquivos desta verificação já foram excluídos.";

/**
 * The admin's "Verificações" (admin scope): the queue, one verification, its two files (each view audited), and
 * the decisions — approve with the birth date, reject with a reason, ask for new photos — and unfreezing an
 * account frozen under 18. Every change writes one audit row.
 */
export const verificationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const identityKey = identityHashKey(app.config);
  const detail = async (id: number) => (await getVerificationDetail({ db: app.db, id })).verification;
  const afterDecision = async (decision: Decision) => {
    await app.events.deliver();
    return { verification: await detail(decision.verificationId) };
  };

  app.get(
    "/verifications",
    { schema: { querystring: AdminVerificationsQuerySchema, response: { 200: AdminVerificationsResponseSchema } } },
    async (request) => listVerificationQueue({ db: app.db, ...request.query }),
  );

  app.get(
    "/verifications/:id",
    { schema: { params: IdParamsSchema, response: { 200: AdminVerificationResponseSchema } } },
    async (request) => getVerificationDetail({ db: app.db, id: request.params.id }),
  );

  app.get(
    "/verifications/:id/files/:file",
    { schema: { params: VerificationFileParamsSchema } },
    async (request, reply) => {
      const { id, file } = request.params;
      reply.header("Cache-Control", "no-store");
      const found = await findVerificationFile({ db: app.db, id, file });
      const image = found.fileKey ? await readVerificationFile(app, found.fileKey) : null;
      if (!image) throw notFound(FILES_GONE);
      await recordAudit({
        db: app.db,
        adminId: request.adminId,
        entry: {
          action: "verification.file_view",
          target: { type: "model", id: found.modelId },
          changes: { verification_id: id, file },
        },
      });
      return reply
        .header("Content-Type", "image/jpeg")
        .header("Content-Length", image.length)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .send(image);
    },
  );

  app.post(
    "/verifications/:id/approve",
    {
      schema: {
        params: IdParamsSchema,
        body: ApproveVerificationBodySchema,
        response: { 200: AdminVerificationDecisionResponseSchema },
      },
    },
    async (request) => {
      const decision = await approveVerification({
        db: app.db,
        adminId: request.adminId,
        id: request.params.id,
        birthDate: request.body.birth_date,
        documentNumber: request.body.document_number,
        identityKey,
      });
      const answer = await afterDecision(decision);
      if (decision.settlement === "underage") throw underageRefusal();
      if (decision.settlement === "banned") throw bannedIdentityRefusal();
      return answer;
    },
  );

  for (const [path, outcome] of [
    ["reject", "rejected"],
    ["resubmit", "resubmit"],
  ] as const) {
    app.post(
      `/verifications/:id/${path}`,
      {
        schema: {
          params: IdParamsSchema,
          body: VerificationReasonBodySchema,
          response: { 200: AdminVerificationDecisionResponseSchema },
        },
      },
      async (request) =>
        afterDecision(
          await closeVerification({
            db: app.db,
            adminId: request.adminId,
            id: request.params.id,
            outcome,
            reason: request.body.reason,
          }),
        ),
    );
  }

  app.post(
    "/verifications/frozen/:id/unfreeze",
    { schema: { params: IdParamsSchema, body: VerificationReasonBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await unfreezeModel({
        db: app.db,
        adminId: request.adminId,
        modelId: request.params.id,
        reason: request.body.reason,
      });
      return { success: true as const };
    },
  );
};
