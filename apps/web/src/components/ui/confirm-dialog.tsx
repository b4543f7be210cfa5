import { type ReactNode, type RefObject, useRef } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons (a preview, a password field). */
  children?: ReactNode;
  /** Label of the confirming button ("Excluir"); `pendingLabel` replaces it while `pending`. */
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  /** "danger" for destructive actions (the default), "primary" otherwise. */
  tone?: "danger" | "primary";
  /** While true the confirming button spins and the dialog cannot be dismissed. */
  pending?: boolean;
  /** Called by the confirming button, unless `formId` is given. */
  onConfirm?: () => void;
  /** The confirming button submits this form (e.g. a password field inside `children`) instead of onConfirm. */
  formId?: string;
  /** Cancel, Escape, the backdrop and the close button; ignored while `pending`. */
  onCancel: () => void;
  size?: "sm" | "md" | "lg";
  /** Where focus starts; Cancel by default (a field inside `children` when there is one to fill). */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * "Are you sure?" before an action, on top of Modal (focus trap, Escape, focus return). Focus starts on Cancel,
 * so an Enter pressed by habit does not destroy anything.
 *
 * <ConfirmDialog open={!!toDelete} title="Excluir produto?" confirmLabel="Excluir" pendingLabel="Excluindo..."
 *   pending={remove.isPending} onConfirm={confirmDelete} onCancel={() => setToDelete(null)} />
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancelar",
  tone = "danger",
  pending = false,
  onConfirm,
  formId,
  onCancel,
  size = "sm",
  initialFocusRef,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      size={size}
      title={title}
      description={description}
      initialFocusRef={initialFocusRef ?? cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="ghost" onClick={cancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            type={formId ? "submit" : "button"}
            form={formId}
            variant={tone}
            onClick={formId ? undefined : onConfirm}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
