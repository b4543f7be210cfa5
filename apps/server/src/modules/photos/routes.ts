import multipart from "@fastify/multipart";
import {
  IdParamsSchema,
  PhotoResponseSchema,
  PhotosResponseSchema,
  PhotoVisibilityBodySchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changeModel } from "../models/publish";
import { presentOwnerPhoto } from "./present";
import { readPhotoUpload, UPLOAD_LIMITS } from "./read-upload";
import {
  deletePhoto,
  getSessionVersion,
  listOwnerPhotos,
  setPhotoVisibility,
  setPrimaryPhoto,
  uploadPhoto,
} from "./service";

/** The signed-in model's gallery, at /api/models/photos (model scope). */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  /** Presents the model's photos with URLs signed for her current session version. */
  const presenterFor = async (modelId: number) => {
    const sessionVersion = await getSessionVersion({ db: app.db, modelId });
    return (row: Parameters<typeof presentOwnerPhoto>[0]) =>
      presentOwnerPhoto(row, { storage: app.storage, secret: app.config.jwtSecret, sessionVersion });
  };

  app.get("/", { schema: { response: { 200: PhotosResponseSchema } } }, async (request) => ({
    photos: await listOwnerPhotos({
      db: app.db,
      storage: app.storage,
      secret: app.config.jwtSecret,
      modelId: request.modelId,
    }),
  }));

  app.post(
    "/",
    { schema: { consumes: ["multipart/form-data"], response: { 201: PhotoResponseSchema } } },
    async (request, reply) => {
      const { modelId } = request;
      const upload = await readPhotoUpload(request);
      const row = await uploadPhoto({ db: app.db, storage: app.storage, modelId, ...upload });
      await app.events.deliver();
      reply.code(201);
      return { photo: (await presenterFor(modelId))(row) };
    },
  );

  app.patch(
    "/:id/primary",
    { schema: { params: IdParamsSchema, response: { 200: PhotoResponseSchema } } },
    async (request) => {
      const { modelId } = request;
      const row = await setPrimaryPhoto({ db: app.db, modelId, photoId: request.params.id });
      await app.events.deliver();
      return { photo: (await presenterFor(modelId))(row) };
    },
  );

  app.patch(
    "/:id/visibility",
    { schema: { params: IdParamsSchema, body: PhotoVisibilityBodySchema, response: { 200: PhotoResponseSchema } } },
    async (request) => {
      const { modelId } = request;
      const row = await changeModel(app, modelId, (tx) =>
        setPhotoVisibility({ db: tx, modelId, photoId: request.params.id, isPublic: request.body.is_public }),
      );
      return { photo: (await presenterFor(modelId))(row) };
    },
  );

  app.delete("/:id", { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } }, async (request) => {
    const { modelId } = request;
    await deletePhoto({ db: app.db, storage: app.storage, modelId, photoId: request.params.id });
    await app.events.deliver();
    return { success: true as const };
  });
};
