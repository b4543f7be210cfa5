import type { PublicOrder } from "@vitrine/contracts";
import { Link, useSearchParams } from "@/lib/router";
import { PageContainer } from "@/components/page";
import { ResultPanel } from "@/components/result-panel";
import { Button, buttonClasses } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage, hasErrorCode } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { useOrderStatus } from "../api/get-order-status";
import { OrderFacts } from "../components/order-facts";
import { parseProviderPaymentId } from "../lib/query-ids";

const APPROVED_TITLE = "Pagamento Aprovado!";
const RELEASED_SOON = "Seu produto será liberado em breve.";

const home = (
  <Link to={appPaths.home} className={buttonClasses({ variant: "ghost" })}>
    Voltar ao Início
  </Link>
);
const homePrimary = (
  <Link to={appPaths.home} className={buttonClasses()}>
    Voltar ao Início
  </Link>
);

function retryLink(order: PublicOrder) {
  return order.product_id !== null ? (
    <Link to={appPaths.checkout(order.product_id)} className={buttonClasses()}>
      Tentar Novamente
    </Link>
  ) : null;
}

/** What the page says for each status of the order. */
function OrderResult({ order }: { order: PublicOrder }) {
  switch (order.status) {
    case "paid":
      return (
        <ResultPanel tone="success" title={APPROVED_TITLE} actions={homePrimary}>
          <p>{RELEASED_SOON}</p>
          <OrderFacts order={order} />
        </ResultPanel>
      );
    case "pending":
      return (
        <ResultPanel tone="pending" title="Aguardando confirmação do pagamento" actions={home}>
          <p>
            Assim que o pagamento for confirmado, esta página mostra a aprovação sozinha. Se você já pagou, a
            confirmação pode levar alguns minutos.
          </p>
          <OrderFacts order={order} />
        </ResultPanel>
      );
    case "failed":
      return (
        <ResultPanel
          tone="danger"
          title="Pagamento não aprovado"
          actions={
            <>
              {home}
              {retryLink(order)}
            </>
          }
        >
          <p>O pagamento deste pedido não foi aprovado. Você pode tentar novamente.</p>
          <OrderFacts order={order} />
        </ResultPanel>
      );
    case "cancelled":
      return (
        <ResultPanel
          tone="neutral"
          title="Pedido cancelado"
          actions={
            <>
              {home}
              {retryLink(order)}
            </>
          }
        >
          <p>Este pedido foi cancelado. Para comprar o produto, faça um novo pedido.</p>
          <OrderFacts order={order} />
        </ResultPanel>
      );
    case "refunded":
      return (
        <ResultPanel tone="neutral" title="Pagamento estornado" actions={homePrimary}>
          <p>O valor deste pedido foi devolvido.</p>
          <OrderFacts order={order} />
        </ResultPanel>
      );
  }
}

function OrderStatusView({ orderToken, providerPaymentId }: { orderToken: string; providerPaymentId: string | null }) {
  const query = useOrderStatus(orderToken, providerPaymentId);
  if (query.data) return <OrderResult order={query.data.order} />;
  if (query.isError) {
    if (hasErrorCode(query.error, "NOT_FOUND")) {
      return (
        <ResultPanel tone="neutral" title="Pedido não encontrado" actions={homePrimary}>
          <p>Confira o endereço desta página ou volte ao início.</p>
        </ResultPanel>
      );
    }
    return (
      <ResultPanel
        tone="danger"
        title="Não foi possível verificar o pagamento"
        actions={
          <>
            {home}
            <Button loading={query.isFetching} onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </>
        }
      >
        <p>{errorMessage(query.error, "Tente novamente em alguns instantes.")}</p>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="pending" title="Verificando pagamento...">
      <p>Só um instante.</p>
    </ResultPanel>
  );
}

/**
 * /payment/success?order_id={order's access token}[&payment_id=…]: the order's real state (a sequential id or any
 * other value finds no order: "Pedido não encontrado"). Paid → "Pagamento Aprovado!"; pending → a
 * waiting message read again every few seconds; failed, cancelled or refunded → said so, with a way back. Without
 * an order: the plain approved message.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderToken = params.get("order_id") || null;
  const providerPaymentId = parseProviderPaymentId(params.get("payment_id"));
  usePageTitle("Pagamento");

  return (
    <PageContainer size="md">
      <div aria-live="polite">
        {orderToken === null ? (
          <ResultPanel tone="success" title={APPROVED_TITLE} actions={homePrimary}>
            <p>{RELEASED_SOON}</p>
          </ResultPanel>
        ) : (
          <OrderStatusView orderToken={orderToken} providerPaymentId={providerPaymentId} />
        )}
      </div>
    </PageContainer>
  );
}
