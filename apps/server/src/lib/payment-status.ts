import type { PaymentStatus } from "@vitrine/contracts";
import { formatDateBr, todayInSaoPaulo } from "./dates";

/** A model with no paid plan yet: what is true for her, and what to do. */
export const NO_PAYMENT_MESSAGE =
  "Você ainda não tem um plano ativo. Escolha um plano em Pagamentos para seu perfil aparecer no site.";

/** payment_status follows from next_due_date and first_paid_at; it is computed on read, never stored. */
export function derivePaymentStatus(
  model: { nextDueDate: string | null; firstPaidAt: Date | null },
  today: string = todayInSaoPaulo(),
): { payment_status: PaymentStatus; payment_message: string | null } {
  if (!model.firstPaidAt || !model.nextDueDate) {
    return { payment_status: "no_payment", payment_message: NO_PAYMENT_MESSAGE };
  }
  if (today < model.nextDueDate) return { payment_status: "paid", payment_message: null };
  return { payment_status: "expired", payment_message: `Plano vencido em ${formatDateBr(model.nextDueDate)}` };
}
