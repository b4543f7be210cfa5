import { buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { useTwoFactorStatus } from "../api/two-factor";

/**
 * The dashboard's offer of two-step sign-in while she has not turned it on: her account is her income, and a
 * password alone is lost to one leak. It leads to Configurações, where she sets it up.
 */
export function TwoFactorPrompt() {
  const status = useTwoFactorStatus("model");
  if (!status.data || status.data.enabled) return null;
  return (
    <section
      aria-label="Proteja sua conta"
      className="flex flex-col gap-4 rounded-2xl border border-line-strong bg-surface px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-display text-lg font-semibold text-ink">Proteja sua conta</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Ative a verificação em duas etapas: além da senha, cada login pede um código do seu celular.
        </p>
      </div>
      <Link to={appPaths.dashboardSettings} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Ativar agora
      </Link>
    </section>
  );
}
