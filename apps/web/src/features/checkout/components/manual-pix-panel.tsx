import { type CheckoutPixResponse, formatBRL } from "@vitrine/contracts";
import { useEffect, useRef } from "react";
import { Link } from "@/lib/router";
import { PixCopyPaste, PixQrImage } from "@/components/pix-code";
import { buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/paths";

/**
 * The "PIX Manual" charge: QR, key and value, the copy-and-paste code, then "Confirmar Pagamento" (→ the order's
 * result page) or "Cancelar" (→ home). The heading takes the focus when it appears, so screen readers follow.
 */
export function ManualPixPanel({ pix }: { pix: CheckoutPixResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The result page is reached by the order's access token, never by its sequential id.
  const successHref = `${appPaths.paymentSuccess}?order_id=${encodeURIComponent(pix.order_token)}`;

  return (
    <section
      aria-labelledby="manual-pix-title"
      data-order-id={pix.order_id}
      className="flex animate-pop-in flex-col items-center gap-5 rounded-2xl border border-line bg-surface p-5 text-center shadow-elevated sm:p-6"
    >
      <div>
        <h2
          id="manual-pix-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-2xl font-semibold text-ink outline-none"
        >
          Pague com PIX
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Escaneie o QR Code ou use o código copia e cola no aplicativo do seu banco.
        </p>
      </div>
      <PixQrImage qr={pix.qr_code} alt={`QR Code PIX de ${formatBRL(pix.amount)}`} />
      <dl className="grid w-full gap-2 text-left text-sm sm:grid-cols-2">
        <div className="min-w-0 rounded-xl border border-line bg-surface-2/60 px-3 py-2">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">Chave PIX</dt>
          <dd className="mt-0.5 font-medium break-all text-ink">{pix.pix_key}</dd>
        </div>
        <div className="rounded-xl border border-line bg-surface-2/60 px-3 py-2">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">Valor</dt>
          <dd className="mt-0.5 font-semibold text-accent tabular-nums">{formatBRL(pix.amount)}</dd>
        </div>
      </dl>
      <PixCopyPaste code={pix.qr_code_data} />
      <p className="text-sm text-ink-muted">
        Pedido <span className="text-ink">#{pix.order_id}</span>. Depois de pagar, toque em “Confirmar Pagamento”; o
        pedido é liberado assim que o pagamento for conferido.
      </p>
      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={appPaths.home} className={buttonClasses({ variant: "ghost" })}>
          Cancelar
        </Link>
        <Link to={successHref} className={buttonClasses()}>
          Confirmar Pagamento
        </Link>
      </div>
    </section>
  );
}
