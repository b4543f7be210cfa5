import { queryScope } from "@/lib/query-keys";

const scope = queryScope("me", "products");

/** Query keys of the signed-in model's products and orders (private: dropped on sign-in and sign-out). */
export const productKeys = {
  all: () => scope,
  list: () => [...scope, "list"] as const,
  orders: () => [...scope, "orders"] as const,
};
