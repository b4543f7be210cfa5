import { formatBRL } from "@vitrine/contracts";
import { buttonClasses, Modal } from "@/components/ui";
import { buildPaymentMessage, buildWhatsAppLink } from "@/features/admin/lib/whatsapp";
import { CopyField } from "@/components/copy-field";
import { chargeLabel, type Generated } from "./payment-request-modal";

export type GeneratedPix = Extract<Generated, { kind: "pix" }>;

/** The Pix code generated for a model: QR image, the "copia e cola" payload with "Copiar", and WhatsApp. */
export function PixModal({ generated, onClose }: { generated: GeneratedPix | null; onClose: () => void }) {
  const whatsapp = generated
    ? buildWhatsAppLink(
        generated.model.whatsapp,
        buildPaymentMessage(generated.model.name, { pixCode: generated.pix.payload }),
      )
    : null;
  return (
    <Modal
      open={generated !== null}
      onClose={onClose}
      size="md"
      title="PIX gerado"
      description={generated ? `${generated.model.name} — ${chargeLabel(generated.charge)}` : undefined}
    >
      {generated && (
        <div className="flex flex-col items-center gap-5">
          <img
            src={generated.pix.qr}
            alt={`QR Code PIX de ${formatBRL(generated.charge.amount)} para ${generated.model.name}`}
            width={224}
            height={224}
            className="size-56 rounded-2xl bg-white p-2"
          />
          <CopyField label="PIX copia e cola" value={generated.pix.payload} rows={4} />
          <p className="self-start text-xs text-ink-subtle">
            Identificador (txid): <span className="font-mono">{generated.pix.txid}</span>. O pagamento fica pendente até
            ser confirmado.
          </p>
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "secondary", className: "self-start" })}
            >
              Enviar por WhatsApp
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
