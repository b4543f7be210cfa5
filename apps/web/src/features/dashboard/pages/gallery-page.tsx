import { PagePlaceholder } from "@/components/page-placeholder";
import { ModelOnly } from "@/features/auth/components/model-only";

/** PLACEHOLDER — Model gallery (SPEC §2), route /dashboard/gallery. Replaced by the gallery issue. */
export function GalleryPage() {
  return (
    <ModelOnly deniedTitle="Acesso Negado - Faça login como modelo para acessar." deniedMessage={null}>
      {() => <PagePlaceholder title="Galeria de Fotos" />}
    </ModelOnly>
  );
}
