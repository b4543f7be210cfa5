import { PagePlaceholder } from "@/components/page-placeholder";
import { ModelOnly } from "@/features/auth/components/model-only";

/** PLACEHOLDER — Edit profile (SPEC §2), route /dashboard/profile. Replaced by the dashboard issue. */
export function ProfileEditPage() {
  return <ModelOnly>{() => <PagePlaceholder title="Editar Perfil" />}</ModelOnly>;
}
