import { ChangePasswordBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Button, Card, PasswordInput } from "@/components/ui";
import { ApiError, errorMessage } from "@/lib/api-client";
import { detailsToFieldErrors, issuesToFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/** Alterar senha: the current password is required; the new one is typed twice. */
export function ChangePasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

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
        setValues(EMPTY);
      },
      onError: (err) => {
        toast.error(errorMessage(err, "Erro ao alterar senha. Tente novamente."));
        if (err instanceof ApiError) setErrors(detailsToFieldErrors(err.details));
      },
    });
  }

  return (
    <Card title="Alterar senha" description="Para sua segurança, confirme a senha atual.">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
        <PasswordInput
          label="Senha atual"
          name="current_password"
          autoComplete="current-password"
          required
          value={values.current_password}
          onChange={set("current_password")}
          error={errors.current_password}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordInput
            label="Nova senha"
            name="new_password"
            autoComplete="new-password"
            hint={`Mínimo de ${PASSWORD_MIN} caracteres.`}
            required
            value={values.new_password}
            onChange={set("new_password")}
            error={errors.new_password}
          />
          <PasswordInput
            label="Confirmar nova senha"
            name="confirm_password"
            autoComplete="new-password"
            required
            value={values.confirm_password}
            onChange={set("confirm_password")}
            error={errors.confirm_password}
          />
        </div>
        <Button type="submit" loading={change.isPending} loadingText="Salvando..." className="self-start">
          Alterar senha
        </Button>
      </form>
    </Card>
  );
}
