import { z } from "zod";

export * from "./settings-plain";

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
