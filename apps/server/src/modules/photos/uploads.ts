import { PHOTO_WIDTHS } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { models, photos } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { photoKey } from "../../lib/photo-processing";
import { ageVerificationRequired } from "../age-assurance/service";
import { isPubliclyVisible } from "../models/visibility";
import { secondsUntil, verifyPhotoAccess } from "./signed-url";

/** The only names ever served: a random storage key and one of the variant widths. */
const VARIANT_NAME = new RegExp(`^([a-f0-9]{32})-(${PHOTO_WIDTHS.join("|")})\\.webp$`);
/** Public photos may sit in browser and proxy caches this long after they turn private. */
const PUBLIC_MAX_AGE = 300;

/** Query values are read leniently: anything odd is simply "not signed", never a 400 that tells names apart. */
const optionalText = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());
const QuerySchema = z.object({ exp: optionalText, sig: optionalText });
const ParamsSchema = z.object({ name: z.string() });
const NOT_SERVED = "Arquivo não encontrado";

/**
 * GET /uploads/photos/{filename}-{width}.webp. Served when the photo is public and its model publicly visible,
 * or when the URL carries a valid signature (the owner's gallery). With an age verifier in force, a URL without a
 * valid signature also needs the browser's age pass: without one it answers 403 AGE_VERIFICATION_REQUIRED,
 * whatever the name. Everything else answers the same 404.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/photos/:name", { schema: { params: ParamsSchema, querystring: QuerySchema } }, async (request, reply) => {
    const notServed = () => {
      // Not cached: the same URL starts working as soon as the photo is published.
      reply.header("Cache-Control", "no-store");
      return notFound(NOT_SERVED);
    };
    const refused = () => {
      reply.header("Cache-Control", "no-store");
      return ageVerificationRequired();
    };
    const match = VARIANT_NAME.exec(request.params.name);
    if (!match) throw notServed();
    const filename = match[1];
    const width = Number(match[2]);
    const { exp, sig } = request.query;
    // Adult content: with an age verifier in force, only a signed URL (the owner's) is served without an age pass,
    // and an unsigned one is refused before any read, so the refusal tells nothing about the name.
    const passed = await app.hasAgePass(request);
    if (!passed && sig === undefined) throw refused();

    const [photo] = await app.db
      .select({
        isPublic: photos.isPublic,
        sessionVersion: models.sessionVersion,
        modelVisible: sql<boolean>`(${isPubliclyVisible()})`,
      })
      .from(photos)
      .innerJoin(models, eq(models.id, photos.modelId))
      .where(eq(photos.filename, filename));
    if (!photo) throw passed ? notServed() : refused();

    let cacheControl: string;
    const state = { filename, isPublic: photo.isPublic, sessionVersion: photo.sessionVersion };
    if (verifyPhotoAccess(app.config.jwtSecret, state, exp, sig)) {
      cacheControl = `private, max-age=${secondsUntil(exp!)}`;
    } else if (!passed) {
      throw refused();
    } else if (photo.isPublic && photo.modelVisible) {
      // private: a shared cache (CDN, proxy) must not keep serving a photo after it is hidden. With a verifier the
      // answer also depends on the age pass: the browser keeps it per cookie.
      cacheControl = `private, max-age=${PUBLIC_MAX_AGE}`;
      if (app.config.ageAssurance.mode === "verifier") reply.header("Vary", "Cookie");
    } else {
      throw notServed();
    }

    const object = await app.storage.get(photoKey(filename, width));
    if (!object) throw notServed();
    return reply
      .header("Content-Type", "image/webp")
      .header("Content-Length", object.size)
      .header("Cache-Control", cacheControl)
      .header("X-Content-Type-Options", "nosniff")
      .send(object.stream);
  });

  // Deeper paths under /uploads/photos are never files we serve (nor the web app's index.html).
  app.get("/photos/*", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    throw notFound(NOT_SERVED);
  });
};
