import { PagePlaceholder } from "@/components/page-placeholder";

/** PLACEHOLDER — Checkout, route /checkout/:productId. Replaced by the shop issue. */
export function CheckoutPage() {
  return <PagePlaceholder title="Checkout" />;
}
