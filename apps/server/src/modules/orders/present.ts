import type { AdminOrder, OrderStatus } from "@vitrine/contracts";
import { fromCents } from "../../lib/money";
import type { AdminOrderRow } from "./service";

/** An order in the back-office: the customer, the product, the model's name, the amount in reais. */
export function presentAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    id: row.id,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    product_id: row.productId,
    product_name: row.productName,
    model_id: row.modelId,
    model_name: row.modelName,
    amount: fromCents(row.amountCents),
    status: row.status as OrderStatus,
    method: row.method,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    flag: row.flag,
  };
}
