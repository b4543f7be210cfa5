import { ChangePasswordBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import type { FormEvent } from "react";
import { Button, Card, PasswordInput } from "@/components/ui";
import { useFormFields } from "@/hooks/use-form-fields";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/** Alterar senha: the current password is required; the new one is typed twice. */
export function ChangePasswordCard() {
  const { values, setErrors, field, failWith, reset } = useFormFields(EMPTY);
  const change = useChangePassword();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = ChangePasswordBodySchema.safeParse(values);
    const fieldErrors = result.success ? {} : issuesToFieldErrors(result.error.issues);
    if (!fieldErrors.new_password && values.confirm_password !== values.new_password) {
      fieldErrors.confirm_password = "As senhas não conferem";
    }
    if (!result.success || Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    change.mutate(result.data, {
      onSuccess: () => {
        toast.success("Senha alterada com sucesso!");
        reset();
      },
      onError: (err) => failWith(err, "Erro ao alterar senha. Tente novamente."),
    });
  }

  return (
    <Card title="Alterar senha" description="Para sua segurança, confirme a senha atual.">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
        <PasswordInput label="Senha atual" {...field("current_password")} autoComplete="current-password" required />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordInput
            label="Nova senha"
            {...field("new_password")}
            autoComplete="new-password"
            hint={`Mínimo de ${PASSWORD_MIN} caracteres.`}
            required
          />
          <PasswordInput
            label="Confirmar nova senha"
            {...field("confirm_password")}
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
