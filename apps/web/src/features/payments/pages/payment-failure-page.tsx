import { Link, useSearchParams } from "@/lib/router";
import { PageContainer } from "@/components/page";
import { ResultPanel } from "@/components/result-panel";
import { buttonClasses } from "@/components/ui";
import { useSession } from "@/features/auth/session";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { parseQueryId } from "../lib/query-ids";

/**
 * /payment/failure[?product_id=…]: "Pagamento Falhou". "Tentar Novamente" returns to the product's checkout when
 * the address names the product (a purchase's failure return does); a signed-in model back from a plan renewal
 * returns to her dashboard; anyone else to the start.
 */
export function PaymentFailurePage() {
  const [params] = useSearchParams();
  const productId = parseQueryId(params.get("product_id"));
  usePageTitle("Pagamento Falhou");
  const session = useSession();
  const retry =
    productId !== null ? appPaths.checkout(productId) : session.status === "model" ? appPaths.dashboard : appPaths.home;

  return (
    <PageContainer size="md">
      <ResultPanel
        tone="danger"
        title="Pagamento Falhou"
        actions={
          <>
            <Link to={appPaths.home} className={buttonClasses({ variant: "ghost" })}>
              Voltar ao Início
            </Link>
            <Link to={retry} className={buttonClasses()}>
              Tentar Novamente
            </Link>
          </>
        }
      >
        <p>O pagamento não foi concluído. Você pode tentar novamente ou escolher outra forma de pagamento.</p>
      </ResultPanel>
    </PageContainer>
  );
}
