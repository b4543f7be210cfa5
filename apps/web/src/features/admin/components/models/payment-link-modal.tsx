import { type AdminGenerateLinkResponse, type AdminModel, formatBRL } from "@vitrine/contracts";
import { buttonClasses, Modal } from "@/components/ui";
import { ADMIN_FIXED_AMOUNT } from "@/features/admin/lib/payment-defaults";
import { buildPaymentMessage, buildWhatsAppLink } from "@/features/admin/lib/whatsapp";
import { CopyField } from "@/components/copy-field";

export type GeneratedLink = { model: AdminModel; link: AdminGenerateLinkResponse };

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
      description={generated ? `${generated.model.name} — ${formatBRL(ADMIN_FIXED_AMOUNT)}` : undefined}
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
