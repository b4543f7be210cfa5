import { PagePlaceholder } from "@/components/page-placeholder";

/** PLACEHOLDER — Payment approved, route /payment/success?order_id=. Replaced by the payments issue. */
export function PaymentSuccessPage() {
  return <PagePlaceholder title="Pagamento Aprovado!" />;
}
