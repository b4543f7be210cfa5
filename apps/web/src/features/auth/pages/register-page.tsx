import type { RegisterBody } from "@vitrine/contracts";
import { Link, useNavigate } from "@/lib/router";
import { usePageTitle } from "@/hooks/use-page-title";
import { ApiError, errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useRegisterModel } from "../api/register-model";
import { AuthCard } from "../components/auth-card";
import { RegisterForm } from "../components/register-form";
import { useSessionActions } from "../session";

/** Model registration; success signs the model in and goes to /dashboard. */
export function RegisterPage() {
  usePageTitle("Cadastro de anunciante");
  const register = useRegisterModel();
  const { signInModel } = useSessionActions();
  const navigate = useNavigate();

  function onSubmit(body: RegisterBody) {
    register.mutate(body, {
      onSuccess: (data) => {
        signInModel(data);
        toast.success("Cadastro realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
        navigate(appPaths.dashboard);
      },
      onError: (err) => {
        // One toast "path: message" per server field error (the form also shows them inline), else the error text.
        if (err instanceof ApiError && err.details.length > 0) {
          for (const d of err.details) toast.error(d.path ? `${d.path}: ${d.message}` : d.message);
        } else {
          toast.error(errorMessage(err, "Erro ao fazer cadastro"));
        }
      },
    });
  }

  return (
    <AuthCard
      wide
      eyebrow="Anuncie na Vitrine"
      title="Crie sua conta"
      description="Cadastre-se para publicar seu perfil. Depois é só escolher um plano no seu painel."
      footer={
        <>
          Já tem conta?{" "}
          <Link to={appPaths.login} className="font-medium text-accent underline-offset-4 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <RegisterForm onSubmit={onSubmit} pending={register.isPending} serverErrors={register.error} />
    </AuthCard>
  );
}
