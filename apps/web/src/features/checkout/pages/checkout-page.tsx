import { PagePlaceholder } from "@/components/page-placeholder";

/** PLACEHOLDER — Checkout (SPEC §2), route /checkout/:productId. Replaced by the shop issue. */
export function CheckoutPage() {
  return <PagePlaceholder title="Checkout" />;
}
