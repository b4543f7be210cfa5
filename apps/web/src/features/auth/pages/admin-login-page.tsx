import type { AdminLoginResponse, LoginBody, SecondStepMethod } from "@vitrine/contracts";
import { useState } from "react";
import { useNavigate } from "@/lib/router";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useAdminLogin } from "../api/admin-login";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { PasskeySignInButton } from "../components/passkey-sign-in-button";
import { TwoFactorCodeCard, TwoFactorSetupCard } from "../components/two-factor-setup-step";
import { useSessionActions } from "../session";

/** Where the admin sign-in stands: password, then the code (or, the first time, the authenticator's set-up). */
type Step = { kind: "password" } | { kind: "verify" | "setup"; challenge: string; methods: SecondStepMethod[] };

/**
 * Admin login in two steps (mandatory for admins): e-mail and password, then the authenticator's code; at the first
 * sign-in, the authenticator is set up instead and the recovery codes are shown once. Success goes to
 * /admin/dashboard (to "Trocar senha" instead while the generated password is still to be changed).
 */
export function AdminLoginPage() {
  usePageTitle("Login administrativo");
  const login = useAdminLogin();
  const { signInAdmin } = useSessionActions();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<string | null>(null);

  function finish(session: AdminLoginResponse) {
    signInAdmin(session);
    toast.success("Login realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
    navigate(session.user.must_change_password ? appPaths.adminChangePassword : appPaths.adminDashboard);
  }

  function onPassword(body: LoginBody) {
    setError(null);
    login.mutate(body, {
      onSuccess: (data) =>
        "token" in data
          ? finish(data)
          : setStep({ kind: data.two_factor, challenge: data.challenge, methods: data.methods }),
      onError: (err) => setError(errorMessage(err, "Erro ao fazer login")),
    });
  }

  if (step.kind === "verify") {
    return (
      <TwoFactorCodeCard
        role="admin"
        eyebrow="Administração"
        challenge={step.challenge}
        methods={step.methods}
        onSignedIn={finish}
      />
    );
  }

  if (step.kind === "setup") {
    return <TwoFactorSetupCard role="admin" eyebrow="Administração" challenge={step.challenge} onSignedIn={finish} />;
  }

  return (
    <AuthCard eyebrow="Administração" title="Login administrativo" description="Acesso restrito à equipe do site.">
      <LoginForm onSubmit={onPassword} pending={login.isPending} error={error} />
      <PasskeySignInButton role="admin" onSignedIn={finish} />
    </AuthCard>
  );
}
