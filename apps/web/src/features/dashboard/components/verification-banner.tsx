import type { ProfileModel } from "@vitrine/contracts";
import { buttonClasses } from "@/components/ui";
import { Link } from "@/lib/router";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { useOwnVerification } from "../api/own-verification";

/** What happens after she sends her documents: the answer comes by e-mail, within a working day as a rule. */
export const VERIFICATION_NEXT_STEP = "Você recebe um e-mail com a resposta; costuma levar até 24 horas.";

/**
 * The dashboard's call to verify her identity while she is not verified: without it her profile never reaches the
 * public site, whatever her plan. Once her documents are sent she is told since when they await review and what
 * comes next, not asked for them again; a frozen account is told so instead.
 */
export function VerificationBanner({ model }: { model: ProfileModel | undefined }) {
  const frozen = model?.visibility.reasons.some((r) => r.code === "verification_frozen") ?? false;
  const asking = !!model && !model.is_verified && !frozen;
  const query = useOwnVerification({ enabled: asking });
  const verification = query.data?.verification;
  // Until her verification is read the banner waits, rather than ask for documents she may have sent.
  if (!model || model.is_verified || (asking && query.isPending)) return null;
  const pending = asking && verification?.state === "pending";
  const title = frozen
    ? "Conta congelada"
    : pending
      ? `Documentos em análise desde ${formatDateTime(verification.submitted_at)}`
      : "Verifique sua identidade";
  const text = frozen
    ? "A verificação indicou menor de 18 anos. A equipe do site vai analisar a conta."
    : pending
      ? `${VERIFICATION_NEXT_STEP} Seu anúncio entra no site assim que a identidade for aprovada.`
      : "Seu anúncio só aparece no site depois que a equipe confere um documento seu e uma selfie.";
  return (
    <section
      aria-label="Verificação de identidade"
      className="flex flex-col gap-4 rounded-2xl border border-accent/45 bg-accent-soft px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-display text-lg font-semibold text-accent">{title}</h2>
        <p className="mt-1 text-sm text-ink">{text}</p>
      </div>
      {!frozen && (
        <Link
          to={appPaths.dashboardVerification}
          className={buttonClasses({
            variant: pending ? "secondary" : "primary",
            size: "sm",
            className: "shrink-0",
          })}
        >
          {pending ? "Ver detalhes" : "Verificar identidade"}
        </Link>
      )}
    </section>
  );
}
