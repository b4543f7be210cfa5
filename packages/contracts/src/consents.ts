import { z } from "zod";

/**
 * The version of the Termos de Uso the site shows (the text ships with the web app). Raise it whenever that text
 * changes: every model is then asked, on her dashboard, to accept the new version, and her acceptance is recorded.
 */
export const TERMS_VERSION = 2;

/** GET /api/models/my-data/consents, POST /api/models/my-data/consents/terms */
export const TermsConsentResponseSchema = z.object({
  current_version: z.number().int(),
  accepted_version: z.number().int().nullable(),
  accepted_at: z.string().nullable(),
});
export type TermsConsentResponse = z.infer<typeof TermsConsentResponseSchema>;

/** The ZIP of "Baixar meus dados" may be asked for this many times per hour per account. */
export const DATA_EXPORTS_PER_HOUR = 3;
