import type { ProfileModel, VisibilityReasonCode } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { appPaths } from "@/lib/paths";

/** The reasons a paid renewal removes: what is left of the others still keeps her off the site. */
const PLAN_REASONS = new Set<VisibilityReasonCode>(["no_payment", "plan_expired"]);

/**
 * What the renewal's "Pagamento confirmado" says of her profile, from what her dashboard knows: back on the site
 * in a moment only when nothing but the plan kept her off; until her identity is verified, that it waits for it
 * (with the way to the verification); otherwise, that the panel says what is missing.
 */
export function RenewalPaidNote({ model }: { model: ProfileModel | undefined }) {
  if (!model) return <>Seu plano foi renovado.</>;
  const blocking = model.visibility.reasons.filter((r) => r.blocking && !PLAN_REASONS.has(r.code));
  const frozen = blocking.some((r) => r.code === "verification_frozen");
  if (!model.is_verified && !frozen) {
    return (
      <>
        Seu plano foi renovado. Seu perfil aparece no site assim que sua identidade for verificada.{" "}
        <Link
          to={appPaths.dashboardVerification}
          className="font-medium whitespace-nowrap text-ink underline underline-offset-2 hover:text-accent"
        >
          Ir para a verificação de identidade
        </Link>
      </>
    );
  }
  if (blocking.length > 0) {
    return <>Seu plano foi renovado. Veja no painel o que ainda falta para seu perfil aparecer no site.</>;
  }
  return <>Seu plano foi renovado. Seu perfil volta ao site em instantes.</>;
}
