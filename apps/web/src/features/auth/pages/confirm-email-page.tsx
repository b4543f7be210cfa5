import { useEffect, useRef } from "react";
import { buttonClasses, Spinner } from "@/components/ui";
import { AuthCard } from "../components/auth-card";
import { useSession } from "../session";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { Link, useSearchParams } from "@/lib/router";
import { useConfirmEmail } from "../api/email";
import { ErrorAlert } from "@/components/error-alert";

/** Confirmar e-mail (/confirmar-email?token=…), opened from the e-mail: sends the token once and says how it went. */
export function ConfirmEmailPage() {
  usePageTitle("Confirmar e-mail");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmail();
  const tried = useRef<string | null>(null);
  const signedIn = useSession().status === "model";

  useEffect(() => {
    // Single-use: never sent twice (StrictMode runs effects twice in development).
    if (tried.current === token) return;
    tried.current = token;
    confirm.mutate({ token });
  }, [token, confirm]);

  const next = signedIn ? "/dashboard" : "/login";
  return (
    <AuthCard eyebrow="Área da anunciante" title="Confirmar e-mail">
      {confirm.isSuccess ? (
        <div className="flex flex-col gap-5">
          <p role="status" className="text-ink">
            E-mail confirmado. Agora você pode pagar seu plano e aparecer no site.
          </p>
          <Link to={next} className={buttonClasses({ size: "lg", fullWidth: true })}>
            {signedIn ? "Ir para o painel" : "Entrar"}
          </Link>
        </div>
      ) : confirm.isError ? (
        <div className="flex flex-col gap-5">
          <ErrorAlert>{errorMessage(confirm.error, "Não foi possível confirmar agora. Tente novamente.")}</ErrorAlert>
          <p className="text-sm text-ink-muted">Entre na sua conta e use “Reenviar link” no painel.</p>
          <Link to={next} className={buttonClasses({ variant: "secondary", fullWidth: true })}>
            {signedIn ? "Ir para o painel" : "Entrar"}
          </Link>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-ink-muted">
          <Spinner className="text-accent" /> Confirmando seu e-mail...
        </div>
      )}
    </AuthCard>
  );
}
