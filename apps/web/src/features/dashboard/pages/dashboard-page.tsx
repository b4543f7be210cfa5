import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/page";
import { buttonClasses, Card } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { appPaths } from "@/lib/paths";

/** PLACEHOLDER — Model dashboard "Meu Perfil" (SPEC §2), route /dashboard. Replaced by the dashboard issue. */
export function DashboardPage() {
  return (
    <ModelOnly>
      {(model) => (
        <PageContainer>
          <PageHeader eyebrow="Área da anunciante" title="Meu Perfil" description={`Bem-vinda, ${model.name}!`} />
          <Card title="Perfil" description="Em construção">
            <div className="flex flex-wrap gap-2">
              <Link to={appPaths.dashboardProfile} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Editar Dados
              </Link>
              <Link to={appPaths.dashboardGallery} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Galeria
              </Link>
            </div>
          </Card>
        </PageContainer>
      )}
    </ModelOnly>
  );
}
