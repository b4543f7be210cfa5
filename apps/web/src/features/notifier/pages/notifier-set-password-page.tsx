import { PasswordSchema } from "@vitrine/contracts";
import { z } from "zod";
import { Button, PasswordInput } from "@/components/ui";
import { AuthCard } from "@/features/auth/components/auth-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { passwordsMatch, useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { useNavigate, useSearchParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useSetNotifierPassword } from "../api/notifier";
import { ErrorAlert } from "@/components/error-alert";

const NewPasswordSchema = z.object({ password: PasswordSchema, confirm: z.string() });

/**
 * "Definir senha" (/notificador/definir-senha?token=…), opened from the invitation the admin's registration sent:
 * the password typed twice; the link works once. Then the sign-in page.
 */
export function NotifierSetPasswordPage() {
  usePageTitle("Definir senha do notificador");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const save = useSetNotifierPassword();
  const navigate = useNavigate();
  const form = useZodForm(
    NewPasswordSchema,
    { password: "", confirm: "" },
    {
      serverErrors: save.error,
      check: passwordsMatch("password", "confirm"),
    },
  );
  return (
    <AuthCard
      eyebrow="Notificador confiável"
      title="Definir senha"
      description="Escolha a senha de acesso da sua organização. O link vale uma vez."
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit(({ password }) =>
          save.mutate(
            { token, password },
            {
              onSuccess: () => {
                toast.success("Senha definida. Entre com o e-mail e a nova senha.");
                navigate(appPaths.notifierLogin, { replace: true });
              },
            },
          ),
        )}
      >
        <PasswordInput label="Senha" autoComplete="new-password" {...form.field("password")} required />
        <PasswordInput label="Repita a senha" autoComplete="new-password" {...form.field("confirm")} required />
        {save.isError && (
          <ErrorAlert>{errorMessage(save.error, "Não foi possível salvar. Tente novamente.")}</ErrorAlert>
        )}
        <Button type="submit" size="lg" fullWidth loading={save.isPending} loadingText="Salvando...">
          Salvar senha
        </Button>
      </form>
    </AuthCard>
  );
}
