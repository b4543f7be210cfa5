import { z } from "zod";
import { INT4_MAX } from "./common";
import {
  AVAILABILITY_HOURS_MAX,
  AVAILABILITY_HOURS_MIN,
  LANGUAGES,
  LISTING_FILTER_READERS,
  LISTING_ORDER_DEFAULT,
  type ListingFilterKey,
  type ListingFilters,
  listingRangeErrors,
  PUBLIC_CARDS_IDS_MAX,
  RECEIVES_AT,
  SERVICE_NAME_MAX,
} from "./listing-plain";

export * from "./listing-plain";

export const ReceivesAtSchema = z.enum(RECEIVES_AT, { error: "Local de atendimento inválido" });
export const LanguageSchema = z.enum(LANGUAGES, { error: "Idioma inválido" });

/**
 * Each parameter read by its plain reader (listing-plain.ts), so the API and the page URL mean the same thing; an
 * absent parameter is left out (the order defaults to relevância).
 */
function readerSchema<K extends ListingFilterKey>(key: K) {
  return z.unknown().transform((raw, ctx): ListingFilters[K] => {
    const result = LISTING_FILTER_READERS[key](raw);
    if ("error" in result) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.value as ListingFilters[K];
  });
}

/** The fields of the listing filters, to add to a query object (PublicModelsQuerySchema). */
export const ListingFiltersShape = {
  categoria: readerSchema("categoria").optional(),
  idade_min: readerSchema("idade_min").optional(),
  idade_max: readerSchema("idade_max").optional(),
  preco_min: readerSchema("preco_min").optional(),
  preco_max: readerSchema("preco_max").optional(),
  servico: readerSchema("servico").optional(),
  atende: readerSchema("atende").optional(),
  bairro: readerSchema("bairro").optional(),
  verificada: readerSchema("verificada").optional(),
  com_fotos: readerSchema("com_fotos").optional(),
  disponivel: readerSchema("disponivel").optional(),
  ordem: readerSchema("ordem").default(LISTING_ORDER_DEFAULT),
};

/** Adds the range checks (idade_min ≤ idade_max, preco_min ≤ preco_max) to an object holding the filters. */
export function refineListingRanges(value: Partial<ListingFilters>, ctx: z.RefinementCtx) {
  for (const e of listingRangeErrors(value)) ctx.addIssue({ code: "custom", path: [e.path], message: e.message });
}

/** The listing filters of GET /api/models/public and of the home and city page URLs. */
export const ListingFiltersSchema = z.object(ListingFiltersShape).superRefine(refineListingRanges);

/** Counts per option within the current filters (each count as if that option were also chosen). */
export const ListingFacetsSchema = z.object({
  atende: z.record(ReceivesAtSchema, z.number().int()),
  verificada: z.number().int(),
  com_fotos: z.number().int(),
  disponivel: z.number().int(),
});
export type ListingFacets = z.infer<typeof ListingFacetsSchema>;

// "Disponível agora" --------------------------------------------------------------------------------------------

const hoursMessage = `Escolha de ${AVAILABILITY_HOURS_MIN} a ${AVAILABILITY_HOURS_MAX} horas`;
/** POST /api/models/availability: on for this many hours (turning it on again replaces the end). */
export const AvailabilityBodySchema = z.object({
  hours: z
    .number({ error: hoursMessage })
    .int(hoursMessage)
    .min(AVAILABILITY_HOURS_MIN, hoursMessage)
    .max(AVAILABILITY_HOURS_MAX, hoursMessage),
});
export type AvailabilityBody = z.infer<typeof AvailabilityBodySchema>;
/** POST and DELETE /api/models/availability: the end instant (ISO) while on, else null. */
export const AvailabilityResponseSchema = z.object({ available_until: z.string().nullable() });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

// Service options (the admin's list of service names) ------------------------------------------------------------

export const ServiceOptionSchema = z.object({ id: z.number(), name: z.string() });
export type ServiceOption = z.infer<typeof ServiceOptionSchema>;
/** GET /api/admin/service-options */
export const AdminServiceOptionsResponseSchema = z.object({ options: z.array(ServiceOptionSchema) });
export type AdminServiceOptionsResponse = z.infer<typeof AdminServiceOptionsResponseSchema>;
/** POST /api/admin/service-options → { option } (a name already listed, ignoring case and accents → 409). */
export const ServiceOptionBodySchema = z.object({
  name: z
    .string({ error: "Informe o nome do serviço" })
    .trim()
    .min(1, "Informe o nome do serviço")
    .max(SERVICE_NAME_MAX, `O serviço deve ter no máximo ${SERVICE_NAME_MAX} caracteres`)
    .refine((n) => !n.includes(","), { message: "O nome do serviço não pode ter vírgula" }),
});
export type ServiceOptionBody = z.infer<typeof ServiceOptionBodySchema>;
export const ServiceOptionResponseSchema = z.object({ option: ServiceOptionSchema });
export type ServiceOptionResponse = z.infer<typeof ServiceOptionResponseSchema>;
/** GET /api/service-options (public, cached): the names, alphabetical. */
export const PublicServiceOptionsResponseSchema = z.object({ options: z.array(z.string()) });
export type PublicServiceOptionsResponse = z.infer<typeof PublicServiceOptionsResponseSchema>;

// Cards by ids (the visitor's favourites) ------------------------------------------------------------------------

const idsMessage = `Informe de 1 a ${PUBLIC_CARDS_IDS_MAX} ids separados por vírgula`;
/** GET /api/models/public/cards?ids=1,2,3: at most PUBLIC_CARDS_IDS_MAX ids, repeated ids counted once. */
export const PublicCardsQuerySchema = z.object({
  ids: z.string({ error: idsMessage }).transform((raw, ctx) => {
    const parts = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = [...new Set(parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN)))];
    if (ids.length === 0 || ids.length > PUBLIC_CARDS_IDS_MAX || ids.some((id) => !(id > 0 && id <= INT4_MAX))) {
      ctx.addIssue({ code: "custom", message: idsMessage });
      return z.NEVER;
    }
    return ids;
  }),
});
