// The other half of the deliberate circle (see order.ts).
import { orderLabel, type Order } from "./order";

export interface Customer {
  name: string;
}

export function lastOrderLabel(orders: Order[]): string {
  return orders.length ? orderLabel(orders[orders.length - 1]) : "";
}
