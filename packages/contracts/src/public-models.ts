import { z } from "zod";
import { idSchema, PaginationSchema } from "./common";
import { PublicPhotoSchema } from "./photos";
import { LISTING_PAGE_SIZE, LISTING_PAGE_SIZE_MAX } from "./limits";
import { slugify } from "./text";

/** Longest search text accepted by the public listing. */
export const LISTING_SEARCH_MAX = 100;
/** Cards carry at most this many characters of the description (they show two lines). */
export const CARD_DESCRIPTION_MAX = 300;

/** Query strings arrive as text; an empty value ("city_id=") means "not given". */
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const positiveInt = (message: string) => z.preprocess(emptyToUndefined, idSchema(message).optional());

export const PublicModelsQuerySchema = z.object({
  city_id: positiveInt("Cidade inválida"),
  search: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(LISTING_SEARCH_MAX, `A busca deve ter no máximo ${LISTING_SEARCH_MAX} caracteres`).optional(),
  ),
  page: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "Página inválida" })
      .int("Página inválida")
      .min(1, "Página inválida")
      .max(100_000, "Página inválida")
      .default(1),
  ),
  /** Page size: 20 by default; larger values are capped at LISTING_PAGE_SIZE_MAX rather than refused. */
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "Limite inválido" })
      .int("Limite inválido")
      .min(1, "Limite inválido")
      .default(LISTING_PAGE_SIZE)
      .transform((n) => Math.min(n, LISTING_PAGE_SIZE_MAX)),
  ),
});
export type PublicModelsQuery = z.output<typeof PublicModelsQuerySchema>;

/** A model card of the public listing, with city_slug and slug to build /cidade/{city_slug}/{slug}/{id}. */
export const ModelCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  city_id: z.number(),
  city_name: z.string(),
  /** State code (UF), e.g. "SP". */
  state: z.string(),
  city_slug: z.string(),
  slug: z.string(),
  category_name: z.string().nullable(),
  /** Cut to CARD_DESCRIPTION_MAX characters; the profile has the full text. */
  description: z.string(),
  /** Comma-separated, as stored. */
  services: z.string(),
  /** File name of the public primary photo, or null: build URLs with photoUrl()/photoSrcSet(). */
  primary_photo: z.string().nullable(),
  is_featured: z.boolean(),
  views_count: z.number(),
  contact_count: z.number(),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

export const PublicModelsResponseSchema = z.object({
  models: z.array(ModelCardSchema),
  pagination: PaginationSchema,
});
export type PublicModelsResponse = z.infer<typeof PublicModelsResponseSchema>;

/** The profile accepts "123", "ana-silva-123" (tail of a slug) and "id123". */
export const MODEL_ID_PATTERN = /^(?:[a-z0-9-]*-)?(?:id)?(\d{1,10})$/i;

/** The numeric id inside a profile route segment, or null when there is none. */
export function parseModelIdParam(raw: string): number | null {
  const match = MODEL_ID_PATTERN.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const INVALID_MODEL_ID = "ID inválido";
export const MODEL_NOT_FOUND = "Modelo não encontrada";

export const PublicModelParamsSchema = z.object({
  id: z.string().transform((raw, ctx) => {
    const id = parseModelIdParam(raw);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: INVALID_MODEL_ID });
      return z.NEVER;
    }
    return id;
  }),
});

export const PublicModelSchema = ModelCardSchema.extend({
  /** metres, e.g. 1.68 */
  height: z.number().nullable(),
  /** kilograms, e.g. 58.5 */
  weight: z.number().nullable(),
  measurements: z.string().nullable(),
  whatsapp: z.string().nullable(),
  phone: z.string().nullable(),
  instagram: z.string().nullable(),
  /** JSON string { tags, obs } or a comma list; read it with parseRates(). */
  rates: z.string(),
  is_verified: z.boolean(),
});
export type PublicModel = z.infer<typeof PublicModelSchema>;

export const PublicProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** reais */
  price: z.number(),
  type: z.string(),
});
export type PublicProduct = z.infer<typeof PublicProductSchema>;

export const PublicModelResponseSchema = z.object({
  model: PublicModelSchema,
  photos: z.array(PublicPhotoSchema),
  products: z.array(PublicProductSchema),
});
export type PublicModelResponse = z.infer<typeof PublicModelResponseSchema>;

export const CONTACT_CHANNELS = ["whatsapp", "phone", "instagram"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const ContactBodySchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: "Canal de contato inválido" }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
export const ContactResponseSchema = z.object({ success: z.literal(true) });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** Event names of the live stream GET /api/models/events (`data: {"type":…,"model_id":…}`). */
export const MODEL_EVENT_TYPES = ["model_status_updated", "model_payment_updated"] as const;
export type ModelEventType = (typeof MODEL_EVENT_TYPES)[number];

/** Card link: /cidade/{city-state}/{model-name-slug}/{id}. */
export function modelProfilePath(card: { id: number; name: string; city_slug: string }): string {
  return `/cidade/${card.city_slug}/${slugify(card.name) || "modelo"}/${card.id}`;
}
