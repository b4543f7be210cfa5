import type { AdminLoginResponse, LoginBody, TwoFactorSetupResponse } from "@vitrine/contracts";
import { useState } from "react";
import { useNavigate } from "@/lib/router";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useAdminLogin } from "../api/admin-login";
import { useAdminTwoFactorConfirm, useAdminTwoFactorSetup, useSecondStep } from "../api/two-factor";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { AuthenticatorSetup, CodeForm, RecoveryCodes } from "../components/two-factor";
import { useSessionActions } from "../session";

/** Where the admin sign-in stands: password, then the code (or, the first time, the authenticator's set-up). */
type Step =
  | { kind: "password" }
  | { kind: "verify"; challenge: string }
  | { kind: "setup"; challenge: string; setup: TwoFactorSetupResponse | null }
  | { kind: "recovery"; session: AdminLoginResponse; codes: string[] };

/**
 * Admin login in two steps (mandatory for admins): e-mail and password, then the authenticator's code; at the first
 * sign-in, the authenticator is set up instead and the recovery codes are shown once. Success goes to
 * /admin/dashboard (to "Trocar senha" instead while the generated password is still to be changed).
 */
export function AdminLoginPage() {
  usePageTitle("Login administrativo");
  const login = useAdminLogin();
  const secondStep = useSecondStep("admin");
  const beginSetup = useAdminTwoFactorSetup();
  const confirmSetup = useAdminTwoFactorConfirm();
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
      onSuccess: (data) => {
        if ("token" in data) return finish(data);
        if (data.two_factor === "verify") return setStep({ kind: "verify", challenge: data.challenge });
        setStep({ kind: "setup", challenge: data.challenge, setup: null });
        beginSetup.mutate(data.challenge, {
          onSuccess: (setup) => setStep({ kind: "setup", challenge: data.challenge, setup }),
          onError: (err) => setError(errorMessage(err, "Não foi possível iniciar a configuração")),
        });
      },
      onError: (err) => setError(errorMessage(err, "Erro ao fazer login")),
    });
  }

  function showError(err: unknown, fallback: string) {
    setError(errorMessage(err, fallback));
  }

  if (step.kind === "verify") {
    return (
      <AuthCard
        eyebrow="Administração"
        title="Verificação em duas etapas"
        description="Digite o código do seu aplicativo autenticador."
      >
        <CodeForm
          pending={secondStep.isPending}
          error={error}
          onSubmit={(code) => {
            setError(null);
            secondStep.mutate(
              { challenge: step.challenge, code },
              { onSuccess: finish, onError: (err) => showError(err, "Código inválido") },
            );
          }}
        />
      </AuthCard>
    );
  }

  if (step.kind === "setup") {
    return (
      <AuthCard
        eyebrow="Administração"
        title="Configure a verificação em duas etapas"
        description="Obrigatória para administradores: além da senha, cada login pedirá um código do seu celular."
      >
        <div className="flex flex-col gap-6">
          {step.setup && <AuthenticatorSetup setup={step.setup} />}
          <CodeForm
            allowRecovery={false}
            submitLabel="Ativar e entrar"
            pending={confirmSetup.isPending || beginSetup.isPending}
            error={error}
            onSubmit={(code) => {
              setError(null);
              confirmSetup.mutate(
                { challenge: step.challenge, code },
                {
                  onSuccess: ({ recovery_codes, ...session }) =>
                    setStep({ kind: "recovery", session, codes: recovery_codes }),
                  onError: (err) => showError(err, "Código inválido"),
                },
              );
            }}
          />
        </div>
      </AuthCard>
    );
  }

  if (step.kind === "recovery") {
    return (
      <AuthCard
        eyebrow="Administração"
        title="Códigos de recuperação"
        description="Verificação em duas etapas ativada."
      >
        <RecoveryCodes codes={step.codes} onDone={() => finish(step.session)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard eyebrow="Administração" title="Login administrativo" description="Acesso restrito à equipe do site.">
      <LoginForm onSubmit={onPassword} pending={login.isPending || beginSetup.isPending} error={error} />
    </AuthCard>
  );
}
