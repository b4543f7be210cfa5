import { z } from "zod";
import { CITY_SEARCH_MAX_CHARS } from "./cities-plain";
import { CITY_SEARCH_MIN_CHARS } from "./limits";

export * from "./cities-plain";

/** A municipality as the public site lists it; models_count counts only publicly visible models. */
export const CitySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** State code (UF), e.g. "SP". */
  state: z.string(),
  /** "sao-paulo-sp": the /cidade/{slug} route segment. */
  slug: z.string(),
  models_count: z.number(),
});
export type City = z.infer<typeof CitySchema>;

export const StateSummarySchema = z.object({ state: z.string(), models_count: z.number() });
export type StateSummary = z.infer<typeof StateSummarySchema>;

const UfSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2}$/, "Estado inválido: use a sigla, por exemplo SP")
  .transform((s) => s.toUpperCase());

export const CitiesQuerySchema = z.object({
  state: z.preprocess((v) => (v === "" ? undefined : v), UfSchema.optional()),
});
export const CitiesResponseSchema = z.object({ cities: z.array(CitySchema) });
export type CitiesResponse = z.infer<typeof CitiesResponseSchema>;

export const StatesResponseSchema = z.object({ states: z.array(StateSummarySchema) });
export type StatesResponse = z.infer<typeof StatesResponseSchema>;

export const CitySearchQuerySchema = z.object({
  q: z
    .string({ error: `Digite pelo menos ${CITY_SEARCH_MIN_CHARS} caracteres` })
    .trim()
    .min(CITY_SEARCH_MIN_CHARS, `Digite pelo menos ${CITY_SEARCH_MIN_CHARS} caracteres`)
    .max(CITY_SEARCH_MAX_CHARS, `A busca deve ter no máximo ${CITY_SEARCH_MAX_CHARS} caracteres`),
});

export const CitySlugParamsSchema = z.object({
  slug: z.string().trim().toLowerCase().max(200, "Cidade não encontrada"),
});
export const CityResponseSchema = z.object({ city: CitySchema });
export type CityResponse = z.infer<typeof CityResponseSchema>;
