import {
  ACCOUNT_PAYMENT_STATUS_LABELS,
  PLAN_EXPIRY_WARNING_DAYS,
  type PaymentStatus,
  plural,
} from "@vitrine/contracts";
import { Button } from "@/components/ui";
import { cn } from "@/lib/cn";

export const NO_PAYMENT_DEFAULT_MESSAGE = "Status de pagamento não atualizado";
export const EXPIRED_NOTE = "Seu perfil não aparecerá no site público até a renovação do plano.";
export const EXPIRING_NOTE = "Renove agora para continuar aparecendo no site sem interrupção.";

/** "Seu plano vence em 3 dias" / "Seu plano vence em 1 dia". */
export function expiringTitle(daysLeft: number): string {
  return `Seu plano vence em ${plural(daysLeft, "dia", "dias")}`;
}

const TONES = {
  expired: {
    title: ACCOUNT_PAYMENT_STATUS_LABELS.expired,
    box: "border-danger/45 bg-danger-soft",
    icon: "border-danger/40 text-danger",
    heading: "text-danger",
  },
  no_payment: {
    title: ACCOUNT_PAYMENT_STATUS_LABELS.no_payment,
    box: "border-warning/45 bg-warning-soft",
    icon: "border-warning/40 text-warning",
    heading: "text-warning",
  },
  expiring: {
    title: "",
    box: "border-warning/45 bg-warning-soft",
    icon: "border-warning/40 text-warning",
    heading: "text-warning",
  },
} as const;

/**
 * The payment banner: expired → red "Pagamento Vencido" with payment_message and the note that the profile
 * stays off the public site until renewal; no_payment → yellow "Pagamento Pendente"; a paid plan with
 * PLAN_EXPIRY_WARNING_DAYS or fewer days left → yellow "Seu plano vence em N dias"; anything else → nothing.
 */
export function PaymentBanner({
  status,
  message,
  daysLeft,
  onRenew,
}: {
  status: PaymentStatus | string;
  message: string | null | undefined;
  /** Whole days the plan has left while it is valid, else null. */
  daysLeft?: number | null;
  onRenew?: () => void;
}) {
  const expiring =
    status === "paid" && daysLeft !== undefined && daysLeft !== null && daysLeft <= PLAN_EXPIRY_WARNING_DAYS;
  if (status !== "expired" && status !== "no_payment" && !expiring) return null;
  const kind = expiring ? "expiring" : (status as "expired" | "no_payment");
  const tone = TONES[kind];
  const title = expiring ? expiringTitle(daysLeft ?? 0) : tone.title;
  const text = expiring
    ? EXPIRING_NOTE
    : message?.trim() || (status === "no_payment" ? NO_PAYMENT_DEFAULT_MESSAGE : "");
  return (
    <div
      role="status"
      data-payment-status={expiring ? "expiring" : status}
      className={cn("flex flex-col gap-4 rounded-2xl border p-4 sm:flex-row sm:items-center sm:p-5", tone.box)}
    >
      <span
        aria-hidden="true"
        className={cn("flex size-10 shrink-0 items-center justify-center rounded-full border bg-canvas/40", tone.icon)}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M12 8v5m0 3.5h.01" strokeLinecap="round" />
          <path d="M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn("font-semibold", tone.heading)}>{title}</p>
        {text && <p className="mt-0.5 text-sm text-ink">{text}</p>}
        {status === "expired" && <p className="mt-1 text-sm text-ink-muted">{EXPIRED_NOTE}</p>}
      </div>
      {onRenew && (
        <Button
          size="sm"
          variant={status === "expired" ? "danger" : "primary"}
          onClick={onRenew}
          className="self-start sm:self-center"
        >
          {status === "no_payment" ? "Escolher plano" : "Renovar agora"}
        </Button>
      )}
    </div>
  );
}
