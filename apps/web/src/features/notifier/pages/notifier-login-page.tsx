import { NotifierLoginBodySchema } from "@vitrine/contracts";
import { Button, Input, PasswordInput } from "@/components/ui";
import { AuthCard } from "@/features/auth/components/auth-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { Link, useNavigate } from "@/lib/router";
import { useNotifierLogin } from "../api/notifier";
import { ErrorAlert } from "@/components/error-alert";

/** "Entrar" of a trusted notifier (/notificador/entrar): its own e-mail and password, then its page. */
export function NotifierLoginPage() {
  usePageTitle("Entrar como notificador");
  const login = useNotifierLogin();
  const navigate = useNavigate();
  const form = useZodForm(NotifierLoginBodySchema, { email: "", password: "" }, { serverErrors: login.error });
  return (
    <AuthCard
      eyebrow="Notificador confiável"
      title="Entrar"
      description="Acesso das organizações cadastradas pela administração do site (SaferNet, Conselho Tutelar, Ministério Público, polícia)."
      footer={
        <span>
          Não é uma organização cadastrada? Denuncie em{" "}
          <Link to={appPaths.reportNotice} className="font-medium text-accent underline-offset-4 hover:underline">
            Denúncias
          </Link>
          .
        </span>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit((body) =>
          login.mutate(body, { onSuccess: () => navigate(appPaths.notifierHome, { replace: true }) }),
        )}
      >
        <Input label="E-mail" type="email" autoComplete="username" required {...form.field("email")} />
        <PasswordInput label="Senha" autoComplete="current-password" required {...form.field("password")} />
        {login.isError && (
          <ErrorAlert>{errorMessage(login.error, "Não foi possível entrar. Tente novamente.")}</ErrorAlert>
        )}
        <Button type="submit" size="lg" fullWidth loading={login.isPending} loadingText="Entrando...">
          Entrar
        </Button>
      </form>
    </AuthCard>
  );
}
