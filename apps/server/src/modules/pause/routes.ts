import { PauseResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { setPaused } from "./service";

/**
 * "Pausar anúncio" and "Retomar" at /api/models/pause (model scope: her own ad, from her token): POST pauses,
 * DELETE resumes; both answer when she paused it (null once resumed).
 */
export const pauseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/pause", { schema: { response: { 200: PauseResponseSchema } } }, async (request) => {
    const pausedAt = await setPaused(app, request.modelId, true);
    return { paused_at: pausedAt ? pausedAt.toISOString() : null };
  });

  app.delete("/pause", { schema: { response: { 200: PauseResponseSchema } } }, async (request) => {
    await setPaused(app, request.modelId, false);
    return { paused_at: null };
  });
};
