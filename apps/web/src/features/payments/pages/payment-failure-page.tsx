import { PagePlaceholder } from "@/components/page-placeholder";

/** PLACEHOLDER — Payment failed, route /payment/failure. Replaced by the payments issue. */
export function PaymentFailurePage() {
  return <PagePlaceholder title="Pagamento Falhou" />;
}
