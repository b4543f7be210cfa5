import type { OrderStatus, OwnPayment, PaymentRecordStatus, PublicOrder } from "@vitrine/contracts";
import type { ModelPaymentRow, OrderRow } from "../../db/schema";
import { fromCents } from "../../lib/money";

/** A model's own plan payment, as the renewal dialog follows it (amount in reais). */
export function presentOwnPayment(row: ModelPaymentRow): OwnPayment {
  return {
    id: row.id,
    status: row.status as PaymentRecordStatus,
    amount: fromCents(row.amountCents),
    plan_name: row.planName,
    method: row.method,
    expires_at: row.expiresAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An order on the public result pages: where it stands, nothing about the buyer. */
export function presentPublicOrder(row: OrderRow): PublicOrder {
  return {
    id: row.id,
    status: row.status as OrderStatus,
    product_id: row.productId,
    product_name: row.productName,
    amount: fromCents(row.amountCents),
    method: row.method,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
