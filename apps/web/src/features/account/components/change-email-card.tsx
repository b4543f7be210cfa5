import { ChangeEmailBodySchema } from "@vitrine/contracts";
import type { FormEvent } from "react";
import { Button, Card, Input, PasswordInput } from "@/components/ui";
import { useFormFields } from "@/hooks/use-form-fields";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangeEmail } from "../api/change-email";

const EMPTY = { email: "", current_password: "" };

/** Alterar e-mail: the login e-mail, confirmed with the current password. */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const { values, setErrors, field, failWith, reset } = useFormFields(EMPTY);
  const change = useChangeEmail();

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
        reset();
      },
      onError: (err) => failWith(err, "Erro ao alterar e-mail. Tente novamente."),
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
          <Input label="Novo e-mail" {...field("email")} type="email" autoComplete="email" inputMode="email" required />
          <PasswordInput label="Senha atual" {...field("current_password")} autoComplete="current-password" required />
        </div>
        <Button type="submit" loading={change.isPending} loadingText="Salvando..." className="self-start">
          Alterar e-mail
        </Button>
      </form>
    </Card>
  );
}
