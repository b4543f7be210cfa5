import {
  AvailabilityBodySchema,
  AvailabilityResponseSchema,
  ProfileBodySchema,
  ProfileResponseSchema,
  ProfileUpdateResponseSchema,
} from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { startAvailability, stopAvailability } from "../models/availability";
import { changeModel } from "../models/publish";
import { listOwnerPhotos } from "../photos/service";
import { presentProfileModel } from "./present";
import { findProfileRow, updateProfile } from "./service";

async function loadProfile(app: FastifyInstance, modelId: number) {
  const [row, photos] = await Promise.all([
    findProfileRow({ db: app.db, modelId }),
    listOwnerPhotos({ db: app.db, storage: app.storage, secret: app.config.jwtSecret, modelId }),
  ]);
  const primary = photos.find((p) => p.is_primary);
  const model = presentProfileModel(row, { hasPrimary: !!primary, isPrimaryPublic: !!primary?.is_public });
  return { model, photos };
}

/** The signed-in model's own profile, at /api/models/profile (model scope). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/profile", { schema: { response: { 200: ProfileResponseSchema } } }, async (request) =>
    loadProfile(app, request.modelId),
  );

  app.put(
    "/profile",
    { schema: { body: ProfileBodySchema, response: { 200: ProfileUpdateResponseSchema } } },
    async (request) => {
      const { modelId } = request;
      await changeModel(app, modelId, (tx) => updateProfile({ db: tx, modelId, input: request.body }));
      const { model } = await loadProfile(app, modelId);
      return { model };
    },
  );

  // "Disponível agora": on for 1 to 8 hours (a few starts a day), or off. Open public pages hear of it through the
  // public stream's model_status_updated (changeModel), as of any change to her card.
  app.post(
    "/availability",
    { schema: { body: AvailabilityBodySchema, response: { 200: AvailabilityResponseSchema } } },
    async (request) => {
      const { modelId } = request;
      const until = await changeModel(app, modelId, (tx) =>
        startAvailability({ db: tx, modelId, hours: request.body.hours }),
      );
      return { available_until: until.toISOString() };
    },
  );

  app.delete("/availability", { schema: { response: { 200: AvailabilityResponseSchema } } }, async (request) => {
    const { modelId } = request;
    await changeModel(app, modelId, (tx) => stopAvailability({ db: tx, modelId }));
    return { available_until: null };
  });
};
