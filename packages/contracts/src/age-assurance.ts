import { z } from "zod";
import { AGE_ASSURANCE_MODES } from "./age-assurance-plain";

export * from "./age-assurance-plain";

/** GET /api/age/start?next=/cidade/campinas-sp: starts a check at the verifier and comes back to `next`. */
export const AgeStartQuerySchema = z.object({
  next: z.string({ error: "Endereço inválido" }).max(2048, "Endereço inválido").optional(),
});
export type AgeStartQuery = z.infer<typeof AgeStartQuerySchema>;

/** GET /api/age/status: the mode in force and whether this browser holds a valid age pass (never cached). */
export const AgeStatusResponseSchema = z.object({
  mode: z.enum(AGE_ASSURANCE_MODES),
  passed: z.boolean(),
  /** The verifier's name shown on the gate ("Verificador de idade (demonstração)"), null in self-declaration. */
  verifier_name: z.string().nullable(),
});
export type AgeStatusResponse = z.infer<typeof AgeStatusResponseSchema>;

const outcomeCounts = z.object({
  started: z.number().int(),
  over18: z.number().int(),
  under18: z.number().int(),
  cancelled: z.number().int(),
  error: z.number().int(),
  replayed: z.number().int(),
});
export type AgeOutcomeCounts = z.infer<typeof outcomeCounts>;

/** GET /api/admin/age-assurance: the mode, the configuration status and the checks per São Paulo day. */
export const AdminAgeAssuranceResponseSchema = z.object({
  mode: z.enum(AGE_ASSURANCE_MODES),
  /** Whether the mode was chosen in the configuration (AGE_ASSURANCE) or fell back to self-declaration. */
  mode_explicit: z.boolean(),
  verifier: z
    .object({
      name: z.string(),
      issuer: z.string(),
      claim: z.string(),
      /** The local demonstration verifier (never in production). */
      demo: z.boolean(),
    })
    .nullable(),
  pass_hours: z.number(),
  retention_days: z.number().int(),
  /** The last 30 São Paulo days, oldest first (days without checks have zero counts). */
  days: z.array(outcomeCounts.extend({ day: z.string() })),
  /** Per verifier over the same 30 days. */
  by_verifier: z.array(outcomeCounts.extend({ verifier: z.string() })),
  /** Over the same 30 days. */
  totals: outcomeCounts,
  /**
   * Since the first check kept, rows and the daily counts left of older rows together (the retention job moves
   * counts, never loses them); `since` is that first São Paulo day, null before any check.
   */
  all_time: outcomeCounts.extend({ since: z.string().nullable() }),
});
export type AdminAgeAssuranceResponse = z.infer<typeof AdminAgeAssuranceResponseSchema>;
