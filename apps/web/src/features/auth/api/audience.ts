import { queryScope } from "@/lib/query-keys";

/**
 * Whose account a card of Configurações manages: the signed-in advertiser's (/api/models/…) or the signed-in admin's
 * (/api/admin/…). Her sessions, passkeys and two-step sign-in have one card each, shared by both areas.
 */
export type AccountAudience = "model" | "admin";

/** The query keys of one feature of that account: the advertiser's under "me", the admin's under "admin". */
export const accountScope = <S extends string>(audience: AccountAudience, feature: S) =>
  queryScope(audience === "model" ? "me" : "admin", feature);
