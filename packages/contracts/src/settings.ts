import { z } from "zod";

export const PUBLIC_SETTING_KEYS = [
  "site_name",
  "site_description",
  "support_email",
  "support_phone",
  "footer_disclaimer",
] as const;

export const PublicSettingsSchema = z.object({
  site_name: z.string(),
  site_description: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  footer_disclaimer: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
export const PublicSettingsResponseSchema = z.object({ settings: PublicSettingsSchema });
export type PublicSettingsResponse = z.infer<typeof PublicSettingsResponseSchema>;

export const DEFAULT_FOOTER_DISCLAIMER =
  "Este site apenas divulga anúncios e não intermedeia serviços. Conteúdo destinado exclusivamente a maiores de 18 anos.";
