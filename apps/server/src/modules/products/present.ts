import type { CheckoutProduct, OwnOrder, OwnProduct } from "@vitrine/contracts";
import type { OrderRow, ProductRow } from "../../db/schema";
import { fromCents } from "../../lib/money";

export function presentOwnProduct(row: ProductRow): OwnProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    type: row.type,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** A product on the public checkout: what the buyer sees, with the model's name. */
export function presentCheckoutProduct(row: {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  type: string;
  modelName: string;
}): CheckoutProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    model_name: row.modelName,
    type: row.type,
  };
}

export function presentOwnOrder(row: OrderRow): OwnOrder {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    customer_name: row.customerName,
    amount: fromCents(row.amountCents),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
