import { buttonClasses, Modal } from "@/components/ui";
import { buildPaymentMessage, buildWhatsAppLink } from "@/features/admin/lib/whatsapp";
import { CopyField } from "@/components/copy-field";
import { chargeLabel, type Generated } from "./payment-request-modal";

export type GeneratedLink = Extract<Generated, { kind: "link" }>;

/** A payment link generated for a model, with "Copiar" and the offer to send it by WhatsApp. */
export function PaymentLinkModal({ generated, onClose }: { generated: GeneratedLink | null; onClose: () => void }) {
  const whatsapp = generated
    ? buildWhatsAppLink(
        generated.model.whatsapp,
        buildPaymentMessage(generated.model.name, { link: generated.link.init_point }),
      )
    : null;
  return (
    <Modal
      open={generated !== null}
      onClose={onClose}
      size="md"
      title="Link de pagamento gerado"
      description={generated ? `${generated.model.name} — ${chargeLabel(generated.charge)}` : undefined}
      footer={
        generated && (
          <>
            <a
              href={generated.link.init_point}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "ghost" })}
            >
              Abrir link
            </a>
            {whatsapp ? (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                Enviar por WhatsApp
              </a>
            ) : null}
          </>
        )
      }
    >
      {generated && (
        <div className="flex flex-col gap-3">
          <CopyField label="Link de pagamento" value={generated.link.init_point} rows={2} />
          {!whatsapp && <p className="text-sm text-ink-muted">A modelo não tem WhatsApp cadastrado.</p>}
        </div>
      )}
    </Modal>
  );
}
