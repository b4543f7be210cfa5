import { z } from "zod";
import { idSchema, PaginationSchema } from "./common";
import { PublicPhotoSchema } from "./photos";
import { LISTING_PAGE_SIZE, LISTING_PAGE_SIZE_MAX } from "./limits";
import { CONTACT_CHANNELS, INVALID_MODEL_ID, LISTING_SEARCH_MAX, parseModelIdParam } from "./public-models-plain";
import {
  LanguageSchema,
  ListingFacetsSchema,
  ListingFiltersShape,
  ReceivesAtSchema,
  refineListingRanges,
} from "./listing";
import { PublicTourSchema } from "./tours";
import { BOOST_KINDS } from "./boosts-plain";

export * from "./public-models-plain";

/** Query strings arrive as text; an empty value ("city_id=") means "not given". */
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const positiveInt = (message: string) => z.preprocess(emptyToUndefined, idSchema(message).optional());

/** GET /api/models/public: SPEC's city_id, search, page and limit, and the listing filters (listing.ts). */
export const PublicModelsQuerySchema = z
  .object({
    city_id: positiveInt("Cidade inválida"),
    search: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(LISTING_SEARCH_MAX, `A busca deve ter no máximo ${LISTING_SEARCH_MAX} caracteres`)
        .optional(),
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
    ...ListingFiltersShape,
  })
  .superRefine(refineListingRanges);
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
  /** Her identity is verified (the "Verificada" badge): true for every model the public sees. */
  is_verified: z.boolean(),
  views_count: z.number(),
  contact_count: z.number(),
  /** Her lowest price per hour in reais, derived from her rates (hourlyPriceFrom), or null: "a partir de R$ 150/h". */
  price_from: z.number().nullable(),
  /** While "Disponível agora" is on and not ended: its end (ISO instant); else null. */
  available_until: z.string().nullable(),
  /** Her region or neighbourhood in the city, as she typed it. */
  neighborhood: z.string().nullable(),
  receives_at: z.array(ReceivesAtSchema),
  /**
   * Her tour under way today (São Paulo), or null: "Em turnê até 12/12" on the tour city's page, "Em turnê em
   * Curitiba de 10 a 12/12" anywhere else (tourLabel).
   */
  tour: PublicTourSchema.nullable(),
  /**
   * On a city page in relevance order, the paid boost that placed her card (BOOST_PUBLIC_MARKS: "Destaque" or
   * "Impulsionado"); null anywhere else.
   */
  boost: z.enum(BOOST_KINDS).nullable(),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

export const PublicModelsResponseSchema = z.object({
  models: z.array(ModelCardSchema),
  pagination: PaginationSchema,
  /** Counts per option within the current filters, when the server gives them. */
  facets: ListingFacetsSchema.optional(),
});
export type PublicModelsResponse = z.infer<typeof PublicModelsResponseSchema>;

/** GET /api/models/public/cards?ids=…: the public cards among those ids (others are dropped without a word). */
export const PublicCardsResponseSchema = z.object({ models: z.array(ModelCardSchema) });
export type PublicCardsResponse = z.infer<typeof PublicCardsResponseSchema>;

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
  languages: z.array(LanguageSchema),
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

export const ContactBodySchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: "Canal de contato inválido" }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
export const ContactResponseSchema = z.object({ success: z.literal(true) });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/**
 * POST /api/models/events/ticket: a short-lived ticket (OWN_EVENTS_TICKET_SECONDS) that opens her own live stream,
 * GET /api/models/own-events?ticket=… (an EventSource cannot send her bearer token, which never goes in a URL).
 */
export const OwnEventsTicketResponseSchema = z.object({ ticket: z.string(), expires_at: z.string() });
export type OwnEventsTicketResponse = z.infer<typeof OwnEventsTicketResponseSchema>;
