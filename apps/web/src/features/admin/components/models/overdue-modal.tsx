import type { AdminModel } from "@vitrine/contracts";
import { Button, Modal } from "@/components/ui";
import { formatDate } from "@/lib/format";

/** Activating a model whose plan is due is refused: this explains why and offers "Fazer Pagamento". */
export function OverdueModal({
  model,
  onClose,
  onPay,
}: {
  model: AdminModel | null;
  onClose: () => void;
  onPay: (model: AdminModel) => void;
}) {
  return (
    <Modal
      open={model !== null}
      onClose={onClose}
      size="sm"
      title="Pagamento vencido"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full border border-warning/40 bg-warning-soft text-warning">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
            <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </span>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => model && onPay(model)}>Fazer Pagamento</Button>
        </>
      }
    >
      {model && (
        <p className="text-sm leading-relaxed text-ink-muted">
          {model.next_due_date ? (
            <>
              O plano de <strong className="text-ink">{model.name}</strong> venceu em{" "}
              <strong className="text-ink">{formatDate(model.next_due_date)}</strong>.
            </>
          ) : (
            <>
              <strong className="text-ink">{model.name}</strong> ainda não tem nenhum pagamento registrado.
            </>
          )}{" "}
          Para ativar a modelo, registre um pagamento: ela volta a aparecer no site assim que for ativada.
        </p>
      )}
    </Modal>
  );
}
