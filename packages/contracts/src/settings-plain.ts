// No zod here: the public pages load this file (the schemas are in settings.ts, which re-exports it).

export const PUBLIC_SETTING_KEYS = [
  "site_name",
  "site_description",
  "support_email",
  "support_phone",
  "footer_disclaimer",
] as const;

export const DEFAULT_FOOTER_DISCLAIMER =
  "Este site apenas divulga anúncios e não intermedeia serviços. Conteúdo destinado exclusivamente a maiores de 18 anos.";
