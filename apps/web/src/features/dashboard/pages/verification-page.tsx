import type { OwnVerification } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { Badge, buttonClasses, Card, QueryState } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { usePageTitle } from "@/hooks/use-page-title";
import { formatDate, formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { useOwnVerification } from "../api/own-verification";
import { VERIFICATION_NEXT_STEP } from "../components/verification-banner";
import { VerificationForm } from "../components/verification-form";
import { VerifierCard, VerifierResultNotice } from "../components/verifier-card";

const STATE_BADGES: Record<
  OwnVerification["state"],
  { label: string; variant: "success" | "warning" | "danger" | "neutral" }
> = {
  none: { label: "Não verificada", variant: "neutral" },
  pending: { label: "Em análise", variant: "warning" },
  approved: { label: "Verificada", variant: "success" },
  rejected: { label: "Recusada", variant: "danger" },
  resubmit: { label: "Nova foto pedida", variant: "warning" },
  closed: { label: "Recusada", variant: "danger" },
  frozen: { label: "Conta congelada", variant: "danger" },
};

/** The decision she must read before anything else: a rejection, a request for new photos, a final refusal. */
function DecisionNotice({ verification }: { verification: OwnVerification }) {
  const { state, reason, decided_at: decidedAt } = verification;
  if (state !== "rejected" && state !== "resubmit" && state !== "closed") return null;
  const title = {
    rejected: "Sua verificação foi recusada",
    resubmit: "Precisamos de uma nova foto",
    closed: "Seu recurso foi recusado",
  }[state];
  const after = {
    rejected: "Você pode recorrer uma vez: envie novas fotos com uma mensagem explicando o caso.",
    resubmit: "Envie de novo o documento e a selfie, corrigindo o que foi pedido.",
    closed: "A decisão é final. Fale com o suporte do site se precisar.",
  }[state];
  return (
    <div role="status" className="rounded-2xl border border-warning/35 bg-warning-soft px-5 py-4 text-sm text-ink">
      <p className="font-semibold">
        {title} <span className="font-normal text-ink-muted">em {formatDateTime(decidedAt)}</span>
      </p>
      {reason && <p className="mt-1">Motivo: {reason}</p>}
      <p className="mt-1 text-ink-muted">{after}</p>
    </div>
  );
}

/** Where her verification stands, in one card; once it is sent or approved, a way back to the dashboard. */
function StandingCard({
  title,
  backToDashboard,
  children,
}: {
  title: string;
  backToDashboard?: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      {children}
      {backToDashboard && (
        <Link
          to={appPaths.dashboard}
          className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}
        >
          Voltar ao painel
        </Link>
      )}
    </Card>
  );
}

function Standing({ verification }: { verification: OwnVerification }) {
  if (verification.state === "approved") {
    return (
      <StandingCard title="Identidade verificada" backToDashboard>
        <p className="text-ink-muted">
          Seu anúncio mostra o selo <span className="text-ink">Verificada</span>.
          {verification.birth_date && (
            <>
              {" "}
              A idade do anúncio é calculada pela data de nascimento do documento ({formatDate(verification.birth_date)}
              ).
            </>
          )}
        </p>
      </StandingCard>
    );
  }
  if (verification.state === "pending") {
    return (
      <StandingCard title="Em análise" backToDashboard>
        <p className="text-ink-muted">
          Recebemos seu documento e sua selfie em {formatDateTime(verification.submitted_at)}. {VERIFICATION_NEXT_STEP}{" "}
          A decisão também aparece aqui; seu anúncio entra no site assim que a identidade for aprovada.
        </p>
      </StandingCard>
    );
  }
  if (verification.state === "frozen") {
    return (
      <StandingCard title="Conta congelada">
        <p className="text-ink-muted">
          A verificação indicou idade menor de 18 anos. A conta fica fora do site e a equipe vai analisar o caso.
        </p>
      </StandingCard>
    );
  }
  return null;
}

function Verification() {
  usePageTitle("Verificação de identidade");
  const query = useOwnVerification();
  const state = query.data?.verification.state;
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Área da anunciante"
        title="Verificação de identidade"
        description="Só anunciantes maiores de 18 anos com identidade confirmada aparecem no site."
        actions={state && <Badge variant={STATE_BADGES[state].variant}>{STATE_BADGES[state].label}</Badge>}
      />
      <QueryState
        query={query}
        title="Verificação de identidade"
        errorText="Não foi possível carregar sua verificação."
        loadingLabel="Carregando sua verificação..."
      >
        {({ verification }) => (
          <div className="flex flex-col gap-6">
            <VerifierResultNotice />
            <DecisionNotice verification={verification} />
            <Standing verification={verification} />
            {verification.can_submit && verification.verifier_name && (
              <>
                <VerifierCard name={verification.verifier_name} />
                <p className="text-center text-sm text-ink-muted">
                  Ou envie os documentos para a análise da equipe do site.
                </p>
              </>
            )}
            {verification.can_submit && <VerificationForm verification={verification} />}
          </div>
        )}
      </QueryState>
    </PageContainer>
  );
}

/** The model's identity verification (/dashboard/verificacao). */
export function VerificationPage() {
  return <ModelOnly>{() => <Verification />}</ModelOnly>;
}
