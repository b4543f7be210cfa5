import type { ProfileModel } from "@vitrine/contracts";
import { buttonClasses } from "@/components/ui";
import { Link } from "@/lib/router";
import { appPaths } from "@/lib/paths";

/**
 * The dashboard's call to verify her identity while she is not verified: without it her profile never reaches the
 * public site, whatever her plan. A frozen account is told so instead.
 */
export function VerificationBanner({ model }: { model: ProfileModel | undefined }) {
  if (!model || model.is_verified) return null;
  const frozen = model.visibility.reasons.some((r) => r.code === "verification_frozen");
  return (
    <section
      aria-label="Verificação de identidade"
      className="flex flex-col gap-4 rounded-2xl border border-accent/45 bg-accent-soft px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-display text-lg font-semibold text-accent">
          {frozen ? "Conta congelada" : "Verifique sua identidade"}
        </h2>
        <p className="mt-1 text-sm text-ink">
          {frozen
            ? "A verificação indicou menor de 18 anos. A equipe do site vai analisar a conta."
            : "Seu anúncio só aparece no site depois que a equipe confere um documento seu e uma selfie."}
        </p>
      </div>
      {!frozen && (
        <Link to={appPaths.dashboardVerification} className={buttonClasses({ size: "sm", className: "shrink-0" })}>
          Verificar identidade
        </Link>
      )}
    </section>
  );
}
