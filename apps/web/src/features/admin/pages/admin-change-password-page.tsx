import { AdminAccountBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import { Button, PasswordInput } from "@/components/ui";
import { AuthCard } from "@/features/auth/components/auth-card";
import { useLogout } from "@/features/auth/hooks/use-logout";
import { usePageTitle } from "@/hooks/use-page-title";
import { passwordsMatch, useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { useNavigate } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useUpdateAdminAccount } from "../api/update-admin-account";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/**
 * Admin: Trocar senha, route /admin/trocar-senha. Where an admin whose password the server generated at the
 * installation lands after signing in (the guard sends them here, the server refuses every other admin call):
 * they confirm the generated password and choose their own, then go on to the dashboard.
 */
export function AdminChangePasswordPage() {
  usePageTitle("Trocar senha");
  const update = useUpdateAdminAccount();
  const navigate = useNavigate();
  const logout = useLogout();
  const form = useZodForm(AdminAccountBodySchema, EMPTY, {
    serverErrors: update.error,
    toInput: (v) => ({ current_password: v.current_password, new_password: v.new_password }),
    check: passwordsMatch("new_password", "confirm_password"),
  });

  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success("Senha alterada com sucesso!");
        navigate(appPaths.adminDashboard, { replace: true });
      },
      onError: (err) => toast.error(errorMessage(err, "Erro ao alterar a senha")),
    }),
  );

  return (
    <AuthCard
      eyebrow="Administração"
      title="Trocar senha"
      description="A senha deste acesso foi gerada na instalação. Escolha uma senha sua para continuar no painel."
      footer={
        <button type="button" onClick={logout} className="font-medium text-accent hover:underline">
          Sair
        </button>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <PasswordInput
          label="Senha atual (a gerada)"
          autoComplete="current-password"
          required
          {...form.field("current_password")}
        />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          hint={`Mínimo de ${PASSWORD_MIN} caracteres, diferente da gerada.`}
          required
          {...form.field("new_password")}
        />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          required
          {...form.field("confirm_password")}
        />
        <Button type="submit" loading={update.isPending} loadingText="Salvando..." className="w-full">
          Salvar nova senha
        </Button>
      </form>
    </AuthCard>
  );
}
