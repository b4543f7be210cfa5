// A deliberate circle for the lint test (apps/server/src/import-graph.test.ts): order.ts and customer.ts import
// each other, which `npm run lint` must refuse. Never imported by the product.
import type { Customer } from "./customer";

export interface Order {
  id: number;
  customer: Customer;
}

export function orderLabel(order: Order): string {
  return `#${order.id}`;
}
