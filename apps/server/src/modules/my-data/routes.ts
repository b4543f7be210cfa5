import { TermsConsentResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptCurrentTerms, termsConsentOf } from "./service";
import { buildDataExport } from "./export";

/** Her consents and "Baixar meus dados", at /api/models/my-data (model scope: always her own account). */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/consents", { schema: { response: { 200: TermsConsentResponseSchema } } }, async (request) =>
    termsConsentOf(app.db, request.modelId),
  );

  app.post("/consents/terms", { schema: { response: { 200: TermsConsentResponseSchema } } }, async (request) => {
    await acceptCurrentTerms(app.db, request.modelId);
    return termsConsentOf(app.db, request.modelId);
  });

  // Open to a banned account too (her right of access); the hourly limit and the audit row apply the same. All her
  // data leaves with it: the session proves it is her first (a recent proof, plugins/recent-proof.ts).
  const onRequest = app.requireRecentProof;
  app.get("/export", { onRequest, config: { dataAccess: true }, schema: { hide: true } }, async (request, reply) => {
    const zip = await buildDataExport(app, request.modelId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("cache-control", "no-store")
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="meus-dados-${day}.zip"`)
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });
};
