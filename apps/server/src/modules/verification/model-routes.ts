import multipart from "@fastify/multipart";
import { OwnVerificationResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getOwnVerification } from "./state";
import { identityVerifierOf, verifierStartRoute } from "./verifier-routes";
import { submitVerification } from "./submit";
import { readVerificationUpload, VERIFICATION_UPLOAD_LIMITS } from "./upload";

/**
 * The signed-in model's identity verification, at /api/models/verification (model scope): her standing, her photos
 * for review, and the start of a verification at the identity verifier when one is configured.
 */
export const verificationModelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: VERIFICATION_UPLOAD_LIMITS });
  const verifier = identityVerifierOf(app);
  const own = (modelId: number) => getOwnVerification({ db: app.db, modelId, verifierName: verifier?.name ?? null });
  await app.register(verifierStartRoute(verifier));

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
