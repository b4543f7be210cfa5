import { PagePlaceholder } from "@/components/page-placeholder";

/**
 * PLACEHOLDER — Public model profile (SPEC §2), routes /cidade/:citySlug/:modelSlug/:id, /modelo/:slug,
 * /model/:id. Replaced by the profile issue.
 */
export function ModelProfilePage() {
  return <PagePlaceholder title="Perfil da modelo" />;
}
