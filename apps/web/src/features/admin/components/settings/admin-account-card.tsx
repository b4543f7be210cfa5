import { AdminAccountBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import { Button, Card, Input, PasswordInput } from "@/components/ui";
import { useSession } from "@/features/auth/session";
import { passwordsMatch, useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateAdminAccount } from "@/features/admin/api/update-admin-account";

type Values = { email: string; new_password: string; confirm_password: string; current_password: string };

/**
 * "Login do administrador": the signed-in admin's e-mail and password. Only what changed is sent; the current
 * password confirms it. The admin's other sessions end; this one stays (the server answers a fresh token).
 */
export function AdminAccountCard() {
  const session = useSession();
  const currentEmail = session.status === "admin" ? session.user.email : "";
  const update = useUpdateAdminAccount();
  const form = useZodForm(
    AdminAccountBodySchema,
    { email: currentEmail, new_password: "", confirm_password: "", current_password: "" } as Values,
    {
      serverErrors: update.error,
      toInput: (v) => ({
        current_password: v.current_password,
        email: v.email.trim() && v.email.trim() !== currentEmail ? v.email : undefined,
        new_password: v.new_password || undefined,
      }),
      check: passwordsMatch("new_password", "confirm_password"),
    },
  );

  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: ({ user }) => {
        toast.success("Login do administrador atualizado com sucesso");
        form.reset({ email: user.email, new_password: "", confirm_password: "", current_password: "" });
      },
      onError: (err) => toast.error(errorMessage(err, "Erro ao atualizar login do administrador")),
    }),
  );

  return (
    <Card
      title="Login do administrador"
      description="E-mail e senha de acesso ao painel. Outras sessões deste administrador serão encerradas."
    >
      <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-2">
        <Input
          label="E-mail de acesso"
          type="email"
          autoComplete="username"
          wrapperClassName="sm:col-span-2"
          {...form.field("email")}
        />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          hint={`Deixe em branco para manter a atual. Mínimo de ${PASSWORD_MIN} caracteres.`}
          {...form.field("new_password")}
        />
        <PasswordInput label="Confirmar nova senha" autoComplete="new-password" {...form.field("confirm_password")} />
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          required
          wrapperClassName="sm:col-span-2"
          {...form.field("current_password")}
        />
        <Button
          type="submit"
          loading={update.isPending}
          loadingText="Salvando..."
          className="justify-self-start sm:col-span-2"
        >
          Salvar login
        </Button>
      </form>
    </Card>
  );
}
