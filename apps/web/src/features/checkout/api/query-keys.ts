import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "checkout");

/** Query keys of the shop checkout (public: any visitor buys). */
export const checkoutKeys = {
  /** GET /api/products/{id}: the product being bought. */
  product: (id: number) => [...scope, "product", id] as const,
};
