import { formatBRL, type PixQrCodeResponse } from "@vitrine/contracts";
import { PixCopyPaste } from "@/components/pix-code";
import { PixPayPanel } from "./pix-pay-panel";
import { NO_SUPPORT_PHONE } from "../lib/renewal-plan";

/**
 * The site's static Pix QR for a renewal (when Mercado Pago is not available) with its copy-and-paste code, and
 * what to do after paying: send the receipt to support on WhatsApp; the admin confirms the payment.
 */
export function PixResult({
  pix,
  amount,
  receiptHref,
}: {
  pix: PixQrCodeResponse;
  amount: number;
  /** The WhatsApp chat with support, or null when no support phone is set. */
  receiptHref: string | null;
}) {
  return (
    <PixPayPanel state="static" qr={pix.qr_code} amount={amount}>
      <p className="text-sm text-ink-muted">
        Valor: <span className="font-semibold text-ink">{formatBRL(amount)}</span>
      </p>
      {pix.qr_code_data && <PixCopyPaste code={pix.qr_code_data} />}
      <div className="w-full rounded-xl border border-accent/35 bg-accent-soft px-4 py-3 text-left text-sm">
        <p className="font-medium text-ink">Depois de pagar, envie o comprovante ao suporte.</p>
        <p className="mt-1 text-ink-muted">
          A administração confirma o pagamento e renova o seu plano; o aviso some do seu painel assim que isso
          acontecer.
        </p>
        {receiptHref ? (
          <a
            href={receiptHref}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-block font-medium text-accent underline-offset-4 hover:underline"
          >
            Enviar comprovante pelo WhatsApp
          </a>
        ) : (
          <p className="mt-2 text-ink-subtle">{NO_SUPPORT_PHONE}</p>
        )}
      </div>
    </PixPayPanel>
  );
}
