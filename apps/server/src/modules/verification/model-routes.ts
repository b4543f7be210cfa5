import multipart from "@fastify/multipart";
import { OwnVerificationResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getOwnVerification } from "./state";
import { submitVerification } from "./submit";
import { readVerificationUpload, VERIFICATION_UPLOAD_LIMITS } from "./upload";

/** The signed-in model's identity verification, at /api/models/verification (model scope). */
export const verificationModelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: VERIFICATION_UPLOAD_LIMITS });
  const own = (modelId: number) => getOwnVerification({ db: app.db, modelId });

  app.get("/", { schema: { response: { 200: OwnVerificationResponseSchema } } }, async (request) => ({
    verification: await own(request.modelId),
  }));

  app.post(
    "/",
    { schema: { consumes: ["multipart/form-data"], response: { 201: OwnVerificationResponseSchema } } },
    async (request, reply) => {
      const upload = await readVerificationUpload(request);
      await submitVerification({ app, modelId: request.modelId, upload });
      reply.code(201);
      return { verification: await own(request.modelId) };
    },
  );
};
