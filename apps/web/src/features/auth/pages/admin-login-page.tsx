import type { LoginBody } from "@vitrine/contracts";
import { useState } from "react";
import { useNavigate } from "@/lib/router";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useAdminLogin } from "../api/admin-login";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { useSessionActions } from "../session";

/**
 * Admin login: e-mail and password; a refusal shows in the form, success goes to /admin/dashboard (to "Trocar
 * senha" instead while the generated password is still to be changed).
 */
export function AdminLoginPage() {
  usePageTitle("Login administrativo");
  const login = useAdminLogin();
  const { signInAdmin } = useSessionActions();
  const navigate = useNavigate();
  const [loginError, setLoginError] = useState<string | null>(null);

  function onSubmit(body: LoginBody) {
    setLoginError(null);
    login.mutate(body, {
      onSuccess: (data) => {
        signInAdmin(data);
        toast.success("Login realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
        navigate(data.user.must_change_password ? appPaths.adminChangePassword : appPaths.adminDashboard);
      },
      onError: (err) => setLoginError(errorMessage(err, "Erro ao fazer login")),
    });
  }

  return (
    <AuthCard eyebrow="Administração" title="Login administrativo" description="Acesso restrito à equipe do site.">
      <LoginForm onSubmit={onSubmit} pending={login.isPending} error={loginError} />
    </AuthCard>
  );
}
