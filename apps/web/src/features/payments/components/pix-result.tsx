import { formatBRL, type PixQrCodeResponse } from "@vitrine/contracts";
import { PixCopyPaste } from "@/components/pix-code";
import { PixPayPanel } from "./pix-pay-panel";

/**
 * The site's static Pix QR for a renewal (when Mercado Pago is not available) with its copy-and-paste code, and
 * what to do after paying: send the receipt to support on WhatsApp, else by e-mail (an unset contact is not
 * shown); the admin confirms the payment.
 */
export function PixResult({
  pix,
  amount,
  receiptHref,
  supportEmail,
}: {
  pix: PixQrCodeResponse;
  amount: number;
  /** The WhatsApp chat with support, or null when no support phone is set. */
  receiptHref: string | null;
  /** The support e-mail ("" when unset): where the receipt goes without a WhatsApp. */
  supportEmail: string;
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
          supportEmail && (
            <a
              href={`mailto:${supportEmail}`}
              className="mt-2 inline-block font-medium break-all text-accent underline-offset-4 hover:underline"
            >
              Enviar comprovante para {supportEmail}
            </a>
          )
        )}
      </div>
    </PixPayPanel>
  );
}
