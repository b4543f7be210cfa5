import { ChangeEmailBodySchema } from "@vitrine/contracts";
import { Button, Card, EMAIL_INPUT, Input, PasswordInput } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useChangeEmail } from "../api/change-email";

const EMPTY = { email: "", current_password: "" };

/**
 * Alterar e-mail: the login e-mail, asked with the current password; the new address becomes hers once she opens
 * the confirmation link sent to it.
 */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const form = useZodForm(ChangeEmailBodySchema, EMPTY, {
    serverErrors: change.error,
    check: (values, errors) =>
      !errors.email && values.email.trim().toLowerCase() === currentEmail.toLowerCase()
        ? { email: "Este já é o seu e-mail" }
        : undefined,
  });

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast.success(`Enviamos um link para ${body.email}. O novo e-mail vale quando você abrir o link.`);
        form.reset();
      },
      onError: (err) => toast.error(errorMessage(err, "Erro ao alterar e-mail. Tente novamente.")),
    }),
  );

  return (
    <Card
      title="Alterar e-mail"
      description={
        <>
          E-mail atual: <span className="break-all text-ink">{currentEmail}</span>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input label="Novo e-mail" {...form.field("email")} {...EMAIL_INPUT} required />
          <PasswordInput
            label="Senha atual"
            {...form.field("current_password")}
            autoComplete="current-password"
            required
          />
        </div>
        <Button type="submit" loading={change.isPending} loadingText="Salvando..." className="self-start">
          Alterar e-mail
        </Button>
      </form>
    </Card>
  );
}
