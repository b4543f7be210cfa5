import { conflict } from "../../lib/app-error";
import { formatDateBr, todayInSaoPaulo } from "../../lib/dates";

/**
 * Why a model cannot be activated: her plan is not valid (no due date, or today is the due date or later), so
 * she would be active but still hidden. Null when she can be.
 */
export function overdueMessage(nextDueDate: string | null, today: string = todayInSaoPaulo()): string | null {
  if (nextDueDate === null) {
    return "Esta modelo ainda não tem pagamento registrado. Registre um pagamento antes de ativá-la.";
  }
  if (today >= nextDueDate) {
    return `O plano desta modelo venceu em ${formatDateBr(nextDueDate)}. Registre um pagamento antes de ativá-la.`;
  }
  return null;
}

/** Refuses an admin's activation of a model whose plan is not valid: 409 MODEL_OVERDUE (see overdueMessage). */
export function assertCanActivate(nextDueDate: string | null, today?: string): void {
  const message = overdueMessage(nextDueDate, today);
  if (message) throw conflict(message, undefined, "MODEL_OVERDUE");
}
