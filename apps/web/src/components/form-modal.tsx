import { type FormEventHandler, type ReactNode, useId } from "react";
import { Button, Modal } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";

/**
 * A form's "Cancelar" and submit buttons: while `pending`, Cancelar is off and the submit shows `pendingLabel`.
 * `form` ties the submit to a form it does not sit in (a Modal footer). With `className` the pair sits in a row
 * of its own (stacked on phones, right-aligned from sm).
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel = "Salvar",
  pendingLabel = "Salvando...",
  form,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel?: ReactNode;
  pendingLabel?: string;
  form?: string;
  className?: string;
}) {
  const buttons = (
    <>
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" form={form} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </>
  );
  if (className === undefined) return buttons;
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{buttons}</div>;
}

/** The failure of a form's request, at the top of the form: the server's message, else `fallback`. */
export function FormError({ error, fallback, className }: { error: unknown; fallback: string; className?: string }) {
  return (
    <p
      role="alert"
      className={cn("rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger", className)}
    >
      {errorMessage(error, fallback)}
    </p>
  );
}

/**
 * A modal holding one form, its buttons in the modal's footer: "Cancelar" and the submit (`submitLabel`, "Salvar"
 * by default). While `pending` the modal does not close and the submit shows `pendingLabel`.
 *
 * <FormModal title="Editar plano" onClose={close} onSubmit={form.handleSubmit(save)} pending={save.isPending}>
 *   …fields…
 * </FormModal>
 */
export function FormModal({
  open = true,
  onClose,
  title,
  description,
  size,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  formClassName,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel?: ReactNode;
  pendingLabel?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onClose={() => !pending && onClose()}
      title={title}
      description={description}
      size={size}
      footer={
        <FormActions
          form={formId}
          onCancel={onClose}
          pending={pending}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {children}
      </form>
    </Modal>
  );
}
