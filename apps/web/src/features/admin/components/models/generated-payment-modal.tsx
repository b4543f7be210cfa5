import { formatBRL } from "@vitrine/contracts";
import { CopyField } from "@/components/copy-field";
import { buttonClasses, Modal } from "@/components/ui";
import { buildPaymentMessage, buildWhatsAppLink } from "@/features/admin/lib/whatsapp";
import { chargeLabel, type Generated } from "./payment-request-modal";

const TITLES = { link: "Link de pagamento gerado", pix: "PIX gerado" } as const;

/**
 * What was generated for a model, with the offer to send it by WhatsApp: a payment link ("Copiar", "Abrir link")
 * or a Pix code (QR image, the "copia e cola" payload with "Copiar", its txid).
 */
export function GeneratedPaymentModal({ generated, onClose }: { generated: Generated | null; onClose: () => void }) {
  if (!generated) return null;
  const { model } = generated;
  const whatsapp = buildWhatsAppLink(
    model.whatsapp,
    buildPaymentMessage(
      model.name,
      generated.kind === "link" ? { link: generated.link.init_point } : { pixCode: generated.pix.payload },
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={TITLES[generated.kind]}
      description={`${model.name} — ${chargeLabel(generated.charge)}`}
      footer={generated.kind === "link" && <LinkActions link={generated.link.init_point} whatsapp={whatsapp} />}
    >
      {generated.kind === "link" ? (
        <div className="flex flex-col gap-3">
          <CopyField label="Link de pagamento" value={generated.link.init_point} rows={2} />
          {!whatsapp && <p className="text-sm text-ink-muted">A modelo não tem WhatsApp cadastrado.</p>}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-5">
          <img
            src={generated.pix.qr}
            alt={`QR Code PIX de ${formatBRL(generated.charge.amount)} para ${model.name}`}
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

/** The payment link's buttons: open it, and send it by WhatsApp when the model has a number. */
function LinkActions({ link, whatsapp }: { link: string; whatsapp: string | null }) {
  return (
    <>
      <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "ghost" })}>
        Abrir link
      </a>
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
          Enviar por WhatsApp
        </a>
      ) : null}
    </>
  );
}
