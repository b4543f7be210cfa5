import type { LoginBody, ModelAuthResponse, SecondStepMethod } from "@vitrine/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { Spinner } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useDirectLogin } from "../api/direct-login";
import { useModelLogin } from "../api/model-login";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { PasskeySignInButton } from "../components/passkey-sign-in-button";
import { TwoFactorCodeCard, TwoFactorSetupCard } from "../components/two-factor-setup-step";
import { BANNED_ACCOUNT_TEXT } from "../components/model-only";
import { useSession, useSessionActions } from "../session";

const DEFAULT_PAYMENT_MESSAGE = {
  expired: "Pagamento vencido. Renove seu plano para voltar a aparecer no site.",
  no_payment: "Status de pagamento não atualizado",
} as const;

/**
 * At login an expired/unpaid plan replaces the success toast with the payment message (5 s), as a neutral notice:
 * signing in worked (no error); she lands on her dashboard, whose banner leads to the plans.
 */
function announceLogin(model: ModelAuthResponse["model"], successText: string) {
  const status = model.payment_status;
  if (status === "expired" || status === "no_payment") {
    toast(model.payment_message || DEFAULT_PAYMENT_MESSAGE[status], { duration: TOAST_DURATION.paymentStatus });
  } else {
    toast.success(successText, { duration: TOAST_DURATION.loginSuccess });
  }
}

/** Model login (/login and /model/login), including the admin's direct-login link (?token=). */
export function ModelLoginPage() {
  usePageTitle("Entrar");
  const [searchParams, setSearchParams] = useSearchParams();
  const directToken = searchParams.get("token");
  const login = useModelLogin();
  const direct = useDirectLogin();
  const { signInModel } = useSessionActions();
  const navigate = useNavigate();
  const triedToken = useRef<string | null>(null);
  const sessionLoading = useSession().status === "loading";
  const [loginError, setLoginError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{
    purpose: "verify" | "setup";
    token: string;
    methods: SecondStepMethod[];
  } | null>(null);
  // The direct-login failure toast; a later successful login takes it away.
  const directErrorToast = useRef<number | null>(null);

  useEffect(() => {
    // The token is single-use: never send it twice (StrictMode runs effects twice in development).
    if (!directToken || triedToken.current === directToken) return;
    // The admin opens this in a new tab of the same browser, whose start-up check finds the admin's stored token:
    // wait for that check, or its late answer would replace the model session this exchange starts.
    if (sessionLoading) return;
    triedToken.current = directToken;
    direct.mutate(directToken, {
      onSuccess: (data) => {
        signInModel(data);
        toast.success("Login direto realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
        navigate(appPaths.dashboard, { replace: true });
      },
      onError: () => {
        directErrorToast.current = toast.error("Token de login direto inválido ou expirado");
        setSearchParams(
          (params) => {
            params.delete("token");
            return params;
          },
          { replace: true },
        );
      },
    });
  }, [directToken, sessionLoading, direct, signInModel, navigate, setSearchParams]);

  function signedIn(data: ModelAuthResponse) {
    if (directErrorToast.current !== null) toast.dismiss(directErrorToast.current);
    signInModel(data);
    // A banned account signs in only to read the decision and appeal it.
    if (data.model.banned) {
      toast.error(BANNED_ACCOUNT_TEXT, { duration: TOAST_DURATION.paymentStatus });
      navigate(appPaths.dashboardModeration);
      return;
    }
    announceLogin(data.model, "Login realizado com sucesso!");
    navigate(appPaths.dashboard);
  }

  function onSubmit(body: LoginBody) {
    setLoginError(null);
    login.mutate(body, {
      onSuccess: (data) => {
        // Two-step sign-in on: the session starts after her code.
        if (!("token" in data)) {
          return setChallenge({ purpose: data.two_factor, token: data.challenge, methods: data.methods });
        }
        signedIn(data);
      },
      onError: (err) => setLoginError(errorMessage(err, "Erro ao fazer login")),
    });
  }

  if (challenge?.purpose === "setup") {
    return (
      <TwoFactorSetupCard role="model" eyebrow="Área da anunciante" challenge={challenge.token} onSignedIn={signedIn} />
    );
  }

  if (challenge) {
    return (
      <TwoFactorCodeCard
        role="model"
        eyebrow="Área da anunciante"
        challenge={challenge.token}
        methods={challenge.methods}
        onSignedIn={signedIn}
      />
    );
  }

  if (directToken && !direct.isError) {
    return (
      <AuthCard eyebrow="Área da anunciante" title="Entrando...">
        <div className="flex items-center gap-3 text-ink-muted">
          <Spinner className="text-accent" /> Validando seu acesso direto.
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Área da anunciante"
      title="Entrar"
      description="Acesse seu painel para editar o perfil, as fotos e o seu plano."
      footer={
        <>
          Ainda não anuncia?{" "}
          <Link to={appPaths.register} className="font-medium text-accent underline-offset-4 hover:underline">
            Cadastre-se
          </Link>
        </>
      }
    >
      <LoginForm onSubmit={onSubmit} pending={login.isPending} error={loginError} />
      <PasskeySignInButton role="model" onSignedIn={signedIn} />
    </AuthCard>
  );
}
