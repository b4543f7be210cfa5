import { useQueryClient } from "@tanstack/react-query";
import type { SessionModel } from "@vitrine/contracts";
import { useState } from "react";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, buttonClasses, QueryState } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { EmailConfirmBanner } from "@/features/auth/components/email-confirm-banner";
import { TwoFactorPrompt } from "@/features/auth/components/two-factor-prompt";
import { ModerationNotice } from "../components/moderation-notice";
import { PaymentBanner } from "@/features/payments/components/payment-banner";
import { RenewalDialog } from "@/features/payments/components/renewal-dialog";
import { useReturnFromCheckout } from "@/features/payments/hooks/use-return-from-checkout";
import { usePageTitle } from "@/hooks/use-page-title";
import { formatDate } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { useProfile } from "../api/get-profile";
import { dashboardKeys } from "../api/query-keys";
import { AvailabilityCard } from "../components/availability-card";
import { DashboardCard } from "../components/dashboard-card";
import { PauseCard } from "../components/pause-card";
import { ToursCard } from "../components/tours-card";
import { RenewalPaidNote } from "../components/renewal-paid-note";
import { TermsConsentPrompt } from "../components/terms-consent-prompt";
import { VerificationBanner } from "../components/verification-banner";
import { VisibilityPanel } from "../components/visibility-panel";
import { useLiveOwnStatus } from "../hooks/use-live-own-status";

const small = (variant: "primary" | "secondary") => buttonClasses({ variant, size: "sm" });

function planLine(status: string, nextDue: string | null): string {
  if (status === "paid" && nextDue) return `Seu plano está ativo até ${formatDate(nextDue)}.`;
  if (status === "expired") return "Seu plano venceu. Renove para voltar ao site.";
  return "Escolha um plano para publicar seu anúncio.";
}

function Dashboard({ session }: { session: SessionModel }) {
  usePageTitle("Meu Perfil");
  const queryClient = useQueryClient();
  const profile = useProfile();
  useLiveOwnStatus(session.id);
  useReturnFromCheckout();
  const [renewOpen, setRenewOpen] = useState(false);
  const model = profile.data?.model;
  // The profile is fresher than the session (it is re-read after each change); the session fills in meanwhile.
  const status = model?.payment_status ?? session.payment_status;
  const message = model ? model.payment_message : session.payment_message;
  const nextDue = model?.next_due_date ?? session.next_due_date;
  const name = model?.name ?? session.name;

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Área da anunciante"
        title="Meu Perfil"
        description={
          <>
            Bem-vinda, <span className="text-ink">{name}</span>! Aqui você cuida do seu anúncio, das suas fotos e do seu
            plano.
          </>
        }
      />

      <div className="flex flex-col gap-6">
        <ModerationNotice />
        <EmailConfirmBanner session={session} />
        <VerificationBanner model={model} />
        <PaymentBanner
          status={status}
          message={message}
          daysLeft={model?.plan_days_left ?? null}
          onRenew={() => setRenewOpen(true)}
        />
        <TermsConsentPrompt />
        <TwoFactorPrompt />
        {model && <PauseCard model={model} />}
        {model && <AvailabilityCard model={model} />}
        <ToursCard />

        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <DashboardCard icon="profile" title="Perfil" text="Seus dados, contatos, valores e fotos.">
            <Link to={appPaths.dashboardProfile} className={small("primary")}>
              Editar Dados
            </Link>
            <Link to={appPaths.dashboardGallery} className={small("secondary")}>
              Galeria
            </Link>
          </DashboardCard>
          <DashboardCard icon="settings" title="Configurações" text="Senha, e-mail de acesso e exclusão da conta.">
            <Link to={appPaths.dashboardSettings} className={small("secondary")}>
              Abrir Configurações
            </Link>
          </DashboardCard>
          <DashboardCard
            icon="stats"
            title="Estatísticas"
            text="Seu card, seu perfil, seus contatos e suas fotos, dia a dia."
          >
            <Link to={appPaths.dashboardAnalytics} className={small("secondary")}>
              Ver Estatísticas
            </Link>
          </DashboardCard>
          <DashboardCard icon="stats" title="Impulsionar" text="Destaque e Subir anúncio, revisados antes de ir ao ar.">
            <Link to={appPaths.dashboardBoosts} className={small("secondary")}>
              Impulsionar anúncio
            </Link>
          </DashboardCard>
          <DashboardCard icon="sales" title="Vendas" text="Produtos que você vende e os pedidos recebidos.">
            <Link to={appPaths.dashboardSales} className={small("secondary")}>
              Gerenciar Vendas
            </Link>
          </DashboardCard>
          <DashboardCard icon="payments" title="Pagamentos" text={planLine(status, nextDue)}>
            <Button size="sm" variant={status === "paid" ? "secondary" : "primary"} onClick={() => setRenewOpen(true)}>
              Renovar Plano
            </Button>
          </DashboardCard>
        </div>

        <QueryState
          query={profile}
          title="Como o público vê seu anúncio"
          errorText="Não foi possível carregar seu perfil."
          loadingLabel="Carregando seu perfil..."
        >
          {(data) => <VisibilityPanel model={data.model} photos={data.photos} />}
        </QueryState>
      </div>

      <RenewalDialog
        open={renewOpen}
        onClose={() => setRenewOpen(false)}
        model={{ id: session.id, name }}
        onPaid={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() })}
        paidNote={<RenewalPaidNote model={model} />}
      />
    </PageContainer>
  );
}

/** The model dashboard "Meu Perfil" (/dashboard). */
export function DashboardPage() {
  return <ModelOnly>{(model) => <Dashboard session={model} />}</ModelOnly>;
}
