import { ChangeEmailBodySchema } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Button, Card, Input, PasswordInput } from "@/components/ui";
import { ApiError, errorMessage } from "@/lib/api-client";
import { detailsToFieldErrors, issuesToFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangeEmail } from "../api/change-email";

const EMPTY = { email: "", current_password: "" };

/** Alterar e-mail: the login e-mail, confirmed with the current password. */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeEmail();

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = ChangeEmailBodySchema.safeParse(values);
    if (!result.success) {
      setErrors(issuesToFieldErrors(result.error.issues));
      return;
    }
    if (result.data.email === currentEmail.toLowerCase()) {
      setErrors({ email: "Este já é o seu e-mail" });
      return;
    }
    setErrors({});
    change.mutate(result.data, {
      onSuccess: () => {
        toast.success("E-mail alterado com sucesso!");
        setValues(EMPTY);
      },
      onError: (err) => {
        toast.error(errorMessage(err, "Erro ao alterar e-mail. Tente novamente."));
        if (err instanceof ApiError) setErrors(detailsToFieldErrors(err.details));
      },
    });
  }

  return (
    <Card
      title="Alterar e-mail"
      description={
        <>
          E-mail atual: <span className="break-all text-ink">{currentEmail}</span>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label="Novo e-mail"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={set("email")}
            error={errors.email}
          />
          <PasswordInput
            label="Senha atual"
            name="current_password"
            autoComplete="current-password"
            required
            value={values.current_password}
            onChange={set("current_password")}
            error={errors.current_password}
          />
        </div>
        <Button type="submit" loading={change.isPending} loadingText="Salvando..." className="self-start">
          Alterar e-mail
        </Button>
      </form>
    </Card>
  );
}
