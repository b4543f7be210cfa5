import type { SessionModel } from "@vitrine/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, buttonClasses, QueryState } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { ModerationNotice } from "../components/moderation-notice";
import { usePageTitle } from "@/hooks/use-page-title";
import { formatDate } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { toast } from "@/lib/toast";
import { getOwnPayment } from "../api/get-own-payment";
import { useProfile } from "../api/get-profile";
import { DashboardCard } from "../components/dashboard-card";
import { PaymentBanner } from "../components/payment-banner";
import { RenewalDialog } from "../components/renewal-dialog";
import { VisibilityPanel } from "../components/visibility-panel";
import { useLiveOwnStatus } from "../hooks/use-live-own-status";

const small = (variant: "primary" | "secondary") => buttonClasses({ variant, size: "sm" });

function planLine(status: string, nextDue: string | null): string {
  if (status === "paid" && nextDue) return `Seu plano está ativo até ${formatDate(nextDue)}.`;
  if (status === "expired") return "Seu plano venceu. Renove para voltar ao site.";
  return "Escolha um plano para publicar seu anúncio.";
}

const PAYMENT_RECEIVED_NOTICE = "Pagamento recebido, aguardando confirmação";
const PAYMENT_CONFIRMED_NOTICE = "Pagamento confirmado! Seu plano foi renovado.";
const PAYMENT_NOT_COMPLETED_NOTICE = "O pagamento não foi concluído. Tente novamente.";
/** What Mercado Pago appends to a return address (and our own `payment`): dropped once read. */
const RETURN_PARAMS = [
  "payment",
  "payment_id",
  "status",
  "collection_id",
  "collection_status",
  "external_reference",
  "preference_id",
  "merchant_order_id",
  "payment_type",
  "site_id",
  "processing_mode",
  "merchant_account_id",
];

/** Our renewal payment named by the checkout's external_reference ("model_payment:12"), else null. */
function renewalPaymentId(externalReference: string | null): number | null {
  const match = /^model_payment:(\d{1,10})$/.exec(externalReference ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * Back from Mercado Pago's checkout the address carries ?payment=success|pending|failure and the payment's
 * external_reference: a notice says once what is true — the renewal already applied ("Pagamento confirmado") or
 * still waiting for the provider's confirmation — and the parameters are dropped. The events stream then
 * refreshes the banner when a waiting payment is applied.
 */
function useReturnFromCheckout() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("payment");
  const paymentId = renewalPaymentId(params.get("external_reference"));
  const handled = useRef(false);
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === "success" || outcome === "pending" || outcome === "approved") {
      const settled = paymentId === null ? Promise.resolve(null) : getOwnPayment(paymentId).catch(() => null);
      void settled.then((answer) =>
        answer?.payment.status === "paid"
          ? toast.success(PAYMENT_CONFIRMED_NOTICE)
          : toast.success(PAYMENT_RECEIVED_NOTICE),
      );
    } else if (outcome === "failure") toast.error(PAYMENT_NOT_COMPLETED_NOTICE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of RETURN_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [outcome, paymentId, setParams]);
}

function Dashboard({ session }: { session: SessionModel }) {
  usePageTitle("Meu Perfil");
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
        <PaymentBanner
          status={status}
          message={message}
          daysLeft={model?.plan_days_left ?? null}
          onRenew={() => setRenewOpen(true)}
        />

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

      <RenewalDialog open={renewOpen} onClose={() => setRenewOpen(false)} model={{ id: session.id, name }} />
    </PageContainer>
  );
}

/** The model dashboard "Meu Perfil" (/dashboard). */
export function DashboardPage() {
  return <ModelOnly>{(model) => <Dashboard session={model} />}</ModelOnly>;
}
