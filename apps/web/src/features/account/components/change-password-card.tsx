import { ChangePasswordBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import { Button, Card, PasswordInput } from "@/components/ui";
import { passwordsMatch, useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/** Alterar senha: the current password is required; the new one is typed twice. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useZodForm(ChangePasswordBodySchema, EMPTY, {
    serverErrors: change.error,
    check: passwordsMatch("new_password", "confirm_password"),
  });

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast.success("Senha alterada com sucesso!");
        form.reset();
      },
      onError: (err) => toast.error(errorMessage(err, "Erro ao alterar senha. Tente novamente.")),
    }),
  );

  return (
    <Card title="Alterar senha" description="Para sua segurança, confirme a senha atual.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <PasswordInput
          label="Senha atual"
          {...form.field("current_password")}
          autoComplete="current-password"
          required
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordInput
            label="Nova senha"
            {...form.field("new_password")}
            autoComplete="new-password"
            hint={`Mínimo de ${PASSWORD_MIN} caracteres.`}
            required
          />
          <PasswordInput
            label="Confirmar nova senha"
            {...form.field("confirm_password")}
            autoComplete="new-password"
            required
          />
        </div>
        <Button type="submit" loading={change.isPending} loadingText="Salvando..." className="self-start">
          Alterar senha
        </Button>
      </form>
    </Card>
  );
}
