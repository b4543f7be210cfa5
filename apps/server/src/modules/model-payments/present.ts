import { fromCents, type ModelPayment, type PaymentRecordStatus } from "@vitrine/contracts";
import type { ModelPaymentRow } from "../../db/schema";

/** A payment row → the back-office's ModelPayment (amount in reais). */
export function presentModelPayment(row: ModelPaymentRow): ModelPayment {
  return {
    id: row.id,
    model_id: row.modelId,
    status: row.status as PaymentRecordStatus,
    created_at: row.createdAt.toISOString(),
    plan_id: row.planId,
    plan_name: row.planName,
    amount: fromCents(row.amountCents),
    method: row.method,
    description: row.description,
    due_date: row.dueDate,
    payment_link: row.paymentLink,
    payment_id: row.paymentId,
    pix_txid: row.pixTxid,
    pix_payload: row.pixPayload,
    paid_at: row.paidAt?.toISOString() ?? null,
    flag: row.flag,
  };
}
