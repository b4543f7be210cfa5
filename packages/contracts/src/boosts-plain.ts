// No zod here: the public pages load this file (the schemas are in boosts.ts, which re-exports it).

export const BOOST_KINDS = ["featured", "bump"] as const;
export type BoostKindName = (typeof BOOST_KINDS)[number];
export const BOOST_KIND_LABELS: Record<BoostKindName, string> = { featured: "Destaque", bump: "Subir anúncio" };
/** The mark a boosted card carries on the public pages (paid content is always marked). */
export const BOOST_PUBLIC_MARKS: Record<BoostKindName, string> = { featured: "Destaque", bump: "Impulsionado" };
