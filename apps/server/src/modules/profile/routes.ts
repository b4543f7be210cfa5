import { ProfileBodySchema, ProfileResponseSchema, ProfileUpdateResponseSchema } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { modelIdOf } from "../../plugins/auth";
import { presentOwnerPhoto } from "../photos/present";
import { getSessionVersion, listModelPhotos } from "../photos/service";
import { presentProfileModel } from "./present";
import { publishIfVisible } from "./public-change";
import { findProfileRow, updateProfile } from "./service";

async function loadProfile(app: FastifyInstance, modelId: number) {
  const [row, photos] = await Promise.all([findProfileRow(app.db, modelId), listModelPhotos(app.db, modelId)]);
  const primary = photos.find((p) => p.isPrimary);
  const model = presentProfileModel(row, { hasPrimary: !!primary, isPrimaryPublic: !!primary?.isPublic });
  return { model, photos };
}

/** The signed-in model's own profile, at /api/models/profile. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/profile",
    { preHandler: app.requireModel, schema: { response: { 200: ProfileResponseSchema } } },
    async (request) => {
      const modelId = modelIdOf(request);
      const [{ model, photos }, sessionVersion] = await Promise.all([
        loadProfile(app, modelId),
        getSessionVersion({ db: app.db, modelId }),
      ]);
      const signing = { storage: app.storage, secret: app.config.jwtSecret, sessionVersion };
      return { model, photos: photos.map((p) => presentOwnerPhoto(p, signing)) };
    },
  );

  app.put(
    "/profile",
    {
      preHandler: app.requireModel,
      schema: { body: ProfileBodySchema, response: { 200: ProfileUpdateResponseSchema } },
    },
    async (request) => {
      const modelId = modelIdOf(request);
      await updateProfile({ db: app.db, modelId, input: request.body });
      await publishIfVisible(app, modelId);
      const { model } = await loadProfile(app, modelId);
      return { model };
    },
  );
};
