import { useQueryClient } from "@tanstack/react-query";
import { formatBRL, type ModelPixResponse } from "@vitrine/contracts";
import { type ReactNode, useEffect, useRef } from "react";
import { PixCopyPaste } from "@/components/pix-code";
import { Button, buttonClasses } from "@/components/ui";
import { sessionQueryKey } from "@/features/auth/session";
import { subscribeOwnEvents } from "@/lib/own-events";
import { useOwnPayment } from "../api/get-own-payment";
import { paymentKeys } from "../api/query-keys";
import { formatMinutesSeconds, useSecondsLeft } from "../hooks/use-seconds-left";
import { PixPayPanel } from "./pix-pay-panel";

export const PIX_CONFIRMED_TITLE = "Pagamento confirmado";

/**
 * A renewal Pix through Mercado Pago: QR, copy-and-paste code, the time left to pay and the provider's page. It
 * turns into "Pagamento confirmado" by itself: her own events stream says when one of her payments changed (then
 * the payment is read again), and a slow poll covers a lost event. At zero the code is expired and a new one is
 * offered.
 */
export function ProviderPix({
  charge,
  modelId,
  onNewCode,
  onConfirmed,
  paidNote,
  busy,
}: {
  charge: ModelPixResponse;
  modelId: number;
  onNewCode: () => void;
  /** Called once the payment is seen paid. */
  onConfirmed: () => void;
  /**
   * What the confirmation says of her profile: the page that knows her standing (identity verification and the
   * rest) decides whether it is back on the site in a moment.
   */
  paidNote: ReactNode;
  busy: boolean;
}) {
  const queryClient = useQueryClient();
  const secondsLeft = useSecondsLeft(charge.expires_at);
  const expired = secondsLeft === 0;
  const payment = useOwnPayment(charge.payment_id, { watching: !expired });
  const status = payment.data?.payment.status ?? "pending";

  useEffect(
    () =>
      subscribeOwnEvents((event) => {
        if (event.type !== "model_payment_updated") return;
        if (event.model_id !== undefined && event.model_id !== modelId) return;
        void queryClient.invalidateQueries({ queryKey: paymentKeys.ownPayment(charge.payment_id) });
      }),
    [queryClient, modelId, charge.payment_id],
  );

  // A confirmation seen by the poll alone (no event arrived) still refreshes the session, and onConfirmed lets the
  // page refresh what shows her plan (the banner).
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  });
  useEffect(() => {
    if (status !== "paid") return;
    onConfirmedRef.current();
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [status, queryClient]);

  if (status === "paid") {
    return (
      <div
        role="status"
        data-pix-state="paid"
        className="mt-5 flex animate-pop-in flex-col items-center gap-3 rounded-2xl border border-success/40 bg-success-soft p-6 text-center"
      >
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full border border-success/50 text-success"
        >
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M6.5 12.5 10 16l7.5-8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p className="font-display text-2xl font-semibold text-ink">{PIX_CONFIRMED_TITLE}</p>
        <p className="text-sm text-ink-muted">
          Recebemos {formatBRL(charge.amount)} do {charge.plan_name}. {paidNote}
        </p>
      </div>
    );
  }

  if (status !== "pending" || expired) {
    const title = status === "pending" ? "Código Pix expirado" : "Pagamento não concluído";
    const text =
      status === "pending"
        ? "O prazo para pagar este código terminou. Gere um novo código para continuar."
        : "Este pagamento não foi aprovado. Gere um novo código para tentar novamente.";
    return (
      <div
        role="status"
        data-pix-state={status === "pending" ? "expired" : status}
        className="mt-5 flex flex-col items-center gap-3 rounded-2xl border border-warning/40 bg-warning-soft p-5 text-center"
      >
        <p className="font-semibold text-warning">{title}</p>
        <p className="text-sm text-ink-muted">{text}</p>
        <Button size="sm" onClick={onNewCode} loading={busy} loadingText="Gerando...">
          Gerar novo código
        </Button>
      </div>
    );
  }

  return (
    <PixPayPanel state="pending" qr={charge.qr_code} amount={charge.amount} focusKey={charge.payment_id}>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span>
          Valor: <span className="font-semibold text-ink">{formatBRL(charge.amount)}</span>
        </span>
        {secondsLeft !== null && (
          <span>
            Expira em{" "}
            <span
              role="timer"
              aria-label="Tempo restante para pagar"
              className="font-semibold text-accent tabular-nums"
            >
              {formatMinutesSeconds(secondsLeft)}
            </span>
          </span>
        )}
      </div>
      <PixCopyPaste code={charge.qr_code_data} />
      <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
        <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-accent" />
        Aguardando o pagamento. Esta janela confirma sozinha assim que o Pix for recebido.
      </p>
      {charge.ticket_url && (
        <a
          href={charge.ticket_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "secondary", size: "sm" })}
        >
          Abrir página do pagamento
        </a>
      )}
    </PixPayPanel>
  );
}
