import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { buttonClasses } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { OrdersCard } from "../components/orders-card";
import { ProductsCard } from "../components/products-card";

function Sales() {
  usePageTitle("Vendas");
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Área da anunciante"
        title="Vendas"
        description="Cadastre o que você vende e acompanhe os pedidos recebidos."
        actions={
          <Link to={appPaths.dashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Voltar
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <ProductsCard />
        <OrdersCard />
      </div>
    </PageContainer>
  );
}

/** Vendas (/dashboard/vendas): the model's products and orders. */
export function SalesPage() {
  return <ModelOnly>{() => <Sales />}</ModelOnly>;
}
