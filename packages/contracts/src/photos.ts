import { z } from "zod";

export * from "./photos-plain";

/** A public photo of a visible model (only public photos are listed); build URLs with photoUrl()/photoSrcSet(). */
export const PublicPhotoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  is_primary: z.boolean(),
  width: z.number(),
  height: z.number(),
});
export type PublicPhoto = z.infer<typeof PublicPhotoSchema>;

/** A photo as its owner sees it; url/variants carry a short-lived signature so private photos load. */
export const OwnerPhotoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  original_name: z.string(),
  is_primary: z.boolean(),
  is_public: z.boolean(),
  width: z.number(),
  height: z.number(),
  created_at: z.string(),
  url: z.string(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type OwnerPhoto = z.infer<typeof OwnerPhotoSchema>;

/** Multipart text fields of POST /api/models/photos ("true"/"1"/"on" are true). */
const FormBooleanSchema = z
  .enum(["true", "false", "1", "0", "on", "off", ""], { error: "Use true ou false" })
  .transform((v) => v === "true" || v === "1" || v === "on");
export const UploadPhotoFieldsSchema = z.object({
  is_primary: FormBooleanSchema.default(false),
  is_public: FormBooleanSchema.default(false),
});

/** PATCH /api/models/photos/{id}/visibility */
export const PhotoVisibilityBodySchema = z.object({
  is_public: z.boolean({ error: "is_public deve ser true ou false" }),
});
export type PhotoVisibilityBody = z.infer<typeof PhotoVisibilityBodySchema>;
export const PhotoResponseSchema = z.object({ photo: OwnerPhotoSchema });
export type PhotoResponse = z.infer<typeof PhotoResponseSchema>;
export const PhotosResponseSchema = z.object({ photos: z.array(OwnerPhotoSchema) });
export type PhotosResponse = z.infer<typeof PhotosResponseSchema>;
