import type { OwnOrder, OwnProduct } from "@vitrine/contracts";
import type { orders, products } from "../../db/schema";
import { fromCents } from "../../lib/money";

export function presentOwnProduct(row: typeof products.$inferSelect): OwnProduct {
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

export function presentOwnOrder(row: typeof orders.$inferSelect): OwnOrder {
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
