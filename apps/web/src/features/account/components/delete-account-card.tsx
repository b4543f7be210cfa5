import { DeleteAccountBodySchema } from "@vitrine/contracts";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button, Card, Modal, PasswordInput } from "@/components/ui";
import { useSessionActions } from "@/features/auth/session";
import { ApiError, errorMessage } from "@/lib/api-client";
import { issuesToFieldErrors } from "@/lib/form-errors";
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
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const { signOut } = useSessionActions();
  const navigate = useNavigate();

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setPassword("");
    setError(null);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = DeleteAccountBodySchema.safeParse({ password });
    if (!result.success) {
      setError(issuesToFieldErrors(result.error.issues).password ?? "Informe sua senha");
      return;
    }
    remove.mutate(result.data, {
      onSuccess: () => {
        navigate("/", { replace: true });
        signOut();
        toast.success("Sua conta foi excluída.");
      },
      onError: (err) => {
        const message = errorMessage(err, "Erro ao excluir conta. Tente novamente.");
        setError(err instanceof ApiError && err.details[0] ? err.details[0].message : message);
        toast.error(message);
      },
    });
  }

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

      <Modal
        open={open}
        onClose={close}
        title="Excluir sua conta?"
        description="Confirme com sua senha. Esta ação não pode ser desfeita."
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} variant="danger" loading={remove.isPending} loadingText="Excluindo...">
              Excluir definitivamente
            </Button>
          </>
        }
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
          <form id={formId} onSubmit={handleSubmit} noValidate>
            <PasswordInput
              label="Sua senha"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
              error={error}
            />
          </form>
        </div>
      </Modal>
    </Card>
  );
}
