import { z } from "zod";

/** POST /api/visits: a public page view for the admin statistics (time and city only). */
export const VISIT_PAGES = ["home", "city", "profile"] as const;
export const VisitBodySchema = z.object({
  page: z.enum(VISIT_PAGES, { error: "Página inválida" }),
  city_id: z
    .number({ error: "Cidade inválida" })
    .int("Cidade inválida")
    .positive("Cidade inválida")
    .max(9_999_999, "Cidade inválida")
    .nullish(),
});
export type VisitBody = z.infer<typeof VisitBodySchema>;
/** The answer is SuccessSchema: `{ success: true }`, whether or not the visit was counted. */

/**
 * GET /api/age-gate?next=/cidade/campinas-sp: the age gate's "Entrar no site" when the page's script has not run
 * (no JavaScript, or a tap before it loaded): sets the acceptance cookie and sends the visitor back to `next`.
 */
export const AgeGateQuerySchema = z.object({
  next: z.string({ error: "Endereço inválido" }).max(2048, "Endereço inválido").optional(),
});
export type AgeGateQuery = z.infer<typeof AgeGateQuerySchema>;
