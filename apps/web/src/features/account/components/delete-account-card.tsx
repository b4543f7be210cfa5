import { DeleteAccountBodySchema } from "@vitrine/contracts";
import { useId, useRef, useState } from "react";
import { useNavigate } from "@/lib/router";
import { Button, Card, ConfirmDialog, PasswordInput } from "@/components/ui";
import { useSessionActions } from "@/features/auth/session";
import { useZodForm } from "@/hooks/use-zod-form";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteAccount } from "../api/delete-account";

const REMOVED = [
  "Seu perfil, descrição, contatos e valores",
  "Todas as suas fotos (inclusive os arquivos)",
  "Seus produtos à venda",
  "Seu acesso: usuário, e-mail e senha deixam de funcionar",
];
const KEPT = ["Pagamentos e pedidos já feitos, sem seus dados pessoais (exigência fiscal)"];

function List({ items, tone }: { items: string[]; tone: "danger" | "muted" }) {
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-ink-muted">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <span
            aria-hidden="true"
            className={
              tone === "danger"
                ? "mt-2 size-1.5 shrink-0 rounded-full bg-danger"
                : "mt-2 size-1.5 shrink-0 rounded-full bg-ink-subtle"
            }
          />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** LGPD account deletion: explained, confirmed with the password; afterwards sign out and go home. */
export function DeleteAccountCard() {
  const formId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useZodForm(DeleteAccountBodySchema, { password: "" }, { serverErrors: remove.error });
  const { signOut } = useSessionActions();
  const navigate = useNavigate();

  function close() {
    setOpen(false);
    form.reset();
  }

  const submit = form.handleSubmit((body) =>
    remove.mutate(body, {
      onSuccess: () => {
        navigate("/", { replace: true });
        signOut();
        toast.success("Sua conta foi excluída.");
      },
      onError: (err) => {
        const message = errorMessage(err, "Erro ao excluir conta. Tente novamente.");
        // Without field details (too many attempts, no connection) the message also shows under the password.
        if (!(err instanceof ApiError && err.details.length > 0)) form.setErrors({ password: message });
        toast.error(message);
      },
    }),
  );

  return (
    <Card
      title="Excluir conta"
      description="Remove sua conta e seus dados pessoais, conforme a LGPD."
      className="border-danger/30"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <p className="max-w-xl text-sm text-ink-muted">
          A exclusão é imediata e não pode ser desfeita. Seu anúncio sai do site na mesma hora.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)} className="self-start sm:self-auto">
          Excluir minha conta
        </Button>
      </div>

      <ConfirmDialog
        open={open}
        onCancel={close}
        size="md"
        title="Excluir sua conta?"
        description="Confirme com sua senha. Esta ação não pode ser desfeita."
        confirmLabel="Excluir definitivamente"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        formId={formId}
        initialFocusRef={passwordRef}
      >
        <div className="flex flex-col gap-5">
          <div>
            <p className="mb-2 text-sm font-medium text-ink">O que será removido</p>
            <List items={REMOVED} tone="danger" />
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-ink">O que fica guardado</p>
            <List items={KEPT} tone="muted" />
          </div>
          <form id={formId} onSubmit={submit} noValidate>
            <PasswordInput
              ref={passwordRef}
              label="Sua senha"
              autoComplete="current-password"
              required
              {...form.field("password")}
            />
          </form>
        </div>
      </ConfirmDialog>
    </Card>
  );
}
