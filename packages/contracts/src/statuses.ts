import { z } from "zod";

/**
 * The status values the API sends, each with the Portuguese label screens show. Three different things:
 * an order's status (a customer buying a model's product), a payment record's status (a model paying for her
 * plan) and a model's `payment_status` (whether her plan is paid up right now, derived from dates and payments).
 */

/** The label of a status; a value the list does not know is shown as it came (never "undefined"). */
function labelOf<T extends string>(labels: Record<T, string>, status: string): string {
  return Object.hasOwn(labels, status) ? labels[status as T] : status;
}

/** An order's status. Only `paid` counts as revenue. */
export const ORDER_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: "Status de pedido inválido" });
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendente",
  paid: "Pago",
  failed: "Falhou",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};
export const orderStatusLabel = (status: string) => labelOf(ORDER_STATUS_LABELS, status);

/**
 * A payment record's status (a model's plan payment). `cancelled` also covers a Pix charge that expired unpaid;
 * `refunded` also covers a chargeback. Only `paid` extends the plan and counts as revenue.
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export const PaymentRecordStatusSchema = z.enum(PAYMENT_STATUSES, { error: "Status de pagamento inválido" });
export type PaymentRecordStatus = z.infer<typeof PaymentRecordStatusSchema>;
export const PAYMENT_STATUS_LABELS: Record<PaymentRecordStatus, string> = {
  pending: "Pendente",
  paid: "Pago",
  failed: "Falhou",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};
export const paymentStatusLabel = (status: string) => labelOf(PAYMENT_STATUS_LABELS, status);

/**
 * A model's `payment_status`: `no_payment` (never paid), `expired` (the plan ran out) or `paid` (the plan is
 * valid). The labels are the titles of the dashboard's payment banner.
 */
export const ACCOUNT_PAYMENT_STATUSES = ["paid", "expired", "no_payment"] as const;
export const PaymentStatusSchema = z.enum(ACCOUNT_PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const ACCOUNT_PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: "Pagamento em Dia",
  expired: "Pagamento Vencido",
  no_payment: "Pagamento Pendente",
};
export const accountPaymentStatusLabel = (status: string) => labelOf(ACCOUNT_PAYMENT_STATUS_LABELS, status);
