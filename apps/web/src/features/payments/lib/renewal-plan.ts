import type { ErrorCode, PeriodType, PlanPaymentMethod, PublicPlan } from "@vitrine/contracts";
import { ApiError } from "@/lib/api-client";

export type RenewalPlan = {
  id: number | null;
  name: string;
  price: number;
  period_type: PeriodType;
  payment_methods: PlanPaymentMethod[];
};

/** Without any active plan the dialog offers "Plano Mensal" at 100. */
export const FALLBACK_PLAN: RenewalPlan = {
  id: null,
  name: "Plano Mensal",
  price: 100,
  period_type: "monthly",
  payment_methods: ["pix", "cartao", "boleto"],
};

/** The plan the renewal dialog offers: the highlighted one, else the cheapest, else the fallback. */
export function pickRenewalPlan(plans: PublicPlan[] | undefined): RenewalPlan {
  if (!plans || plans.length === 0) return FALLBACK_PLAN;
  const highlighted = plans.find((p) => p.highlight);
  if (highlighted) return highlighted;
  return plans.reduce((cheapest, p) => (p.price < cheapest.price ? p : cheapest));
}

export const CHECKOUT_UNAVAILABLE = "Não foi possível abrir o checkout. Tente novamente mais tarde.";
export const RENEWAL_FAILED = "Erro ao processar pagamento. Tente novamente ou entre em contato com o suporte.";
export const PIX_FAILED_TITLE = "Não foi possível gerar o QR Code PIX.";
export const PIX_FAILED_DETAIL = "Erro ao gerar PIX. Verifique as chaves configuradas em Admin > Configurações.";
export const NO_SUPPORT_PHONE = "Telefone de suporte não configurado.";

/**
 * Failures whose server text says nothing the model can act on: the payment route is missing (NOT_FOUND), the
 * payment provider did not answer (PROVIDER_UNAVAILABLE) or the server failed (INTERNAL_ERROR).
 */
const GENERIC_RENEWAL_FAILURES: ErrorCode[] = ["NOT_FOUND", "PROVIDER_UNAVAILABLE", "INTERNAL_ERROR"];

/**
 * The alert of a failed renewal: the server's error text when it explains the refusal (a validation or a domain
 * error), the connection message when the server could not be reached, else the generic RENEWAL_FAILED.
 */
export function renewalErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return RENEWAL_FAILED;
  if (err.isNetworkError) return err.message;
  if (!err.code || GENERIC_RENEWAL_FAILURES.includes(err.code) || !err.message) return RENEWAL_FAILED;
  return err.message;
}
