// The same two files as circle/, imported one way only: the lint test's proof that the rule refuses the circle and
// not the files. Never imported by the product.
import type { Customer } from "./customer";

export interface Order {
  id: number;
  customer: Customer;
}

export function orderLabel(order: Order): string {
  return `#${order.id} (${order.customer.name})`;
}
