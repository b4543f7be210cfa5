import {
  formatBRL,
  type ModelPixResponse,
  periodLabel,
  type PixQrCodeResponse,
  type PublicPlan,
  whatsappLink,
  whatsappNumber,
} from "@vitrine/contracts";
import { type ReactNode, useState } from "react";
import { Badge, Button, Modal } from "@/components/ui";
import { usePublicPlans } from "@/features/settings/api/get-public-plans";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { ApiError, hasErrorCode } from "@/lib/api-client";
import { useCreateRenewalPix } from "../api/create-renewal-pix";
import { useCreateSubscription } from "../api/create-subscription";
import { useRenewalPix } from "../api/get-renewal-pix";
import { ProviderPix } from "./provider-pix";
import { PixResult } from "./pix-result";
import {
  CHECKOUT_UNAVAILABLE,
  FALLBACK_PLAN,
  NO_SUPPORT_PHONE,
  PIX_FAILED_DETAIL,
  PIX_FAILED_TITLE,
  pickRenewalPlan,
  type RenewalPlan,
  renewalErrorMessage,
} from "../lib/renewal-plan";
import { RadioCard, RadioCardGroup } from "@/components/radio-card";

type Option = "provider" | "pix" | "support";

const OPTIONS: Array<{ value: Option; title: string; text: string; action: string }> = [
  {
    value: "provider",
    title: "Cartão ou boleto",
    text: "Pague no checkout seguro do provedor de pagamento (abre em uma nova aba).",
    action: "Ir para o pagamento",
  },
  {
    value: "pix",
    title: "Pix (QR Code)",
    text: "Gere um QR Code Pix e pague pelo aplicativo do seu banco.",
    action: "Gerar QR Code Pix",
  },
  {
    value: "support",
    title: "Falar com o suporte",
    text: "Combine o pagamento com a nossa equipe pelo WhatsApp.",
    action: "Abrir WhatsApp",
  },
];

type Problem = { title: string; detail?: string } | null;

/**
 * The ways to pay a plan accepts: the checkout for card or boleto, Pix for Pix; support when the site has a
 * WhatsApp for it (an unset contact is not offered).
 */
function optionsFor(plan: RenewalPlan, hasSupportWhatsapp: boolean) {
  // A plan that names no method is paid by the checkout or Pix, as before methods were recorded.
  const methods = plan.payment_methods.length > 0 ? plan.payment_methods : FALLBACK_PLAN.payment_methods;
  const accepts = (method: RenewalPlan["payment_methods"][number]) => methods.includes(method);
  return OPTIONS.filter((o) =>
    o.value === "support"
      ? hasSupportWhatsapp
      : o.value === "pix"
        ? accepts("pix")
        : accepts("cartao") || accepts("boleto"),
  );
}

/** The Pix shown: a Mercado Pago charge that confirms itself, or the site's static QR that support confirms. */
type PixShown = { kind: "provider"; charge: ModelPixResponse } | { kind: "static"; pix: PixQrCodeResponse } | null;

/** The detail under "Não foi possível gerar o QR Code PIX.": the server's reason when it refused, else the hint. */
function pixFailureDetail(err: unknown): string {
  if (err instanceof ApiError && (err.isNetworkError || err.isRefusal) && err.message) return err.message;
  return PIX_FAILED_DETAIL;
}

/** The active plans to choose from, each with its price and period; the highlighted one marked "Destaque". */
function PlanChoice({
  plans,
  chosenId,
  onChoose,
}: {
  plans: PublicPlan[];
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <RadioCardGroup legend="Plano">
      {plans.map((p) => (
        <RadioCard
          key={p.id}
          data-plan-id={p.id}
          name="renewal-plan"
          value={p.id}
          checked={chosenId === p.id}
          onChange={() => onChoose(p.id)}
          centered
          accent
        >
          <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="flex items-center gap-2 font-medium text-ink">
              <span>{p.name}</span>
              {p.highlight && <Badge variant="accent">Destaque</Badge>}
            </span>
            <span className="font-semibold text-ink">
              {formatBRL(p.price)}
              <span className="ml-1 text-sm font-normal text-ink-muted">/ {periodLabel(p.period_type)}</span>
            </span>
          </span>
        </RadioCard>
      ))}
    </RadioCardGroup>
  );
}

/**
 * Renewal dialog: she chooses the plan among the active ones (the highlighted one, else the cheapest, chosen at
 * first; "Plano Mensal" at 100 when none is active), then one way to pay (checkout provider, Pix QR, or support),
 * then acts. The price is always the plan's: the server reads it from the plan (refusing one that is not active),
 * whatever the browser sends.
 *
 * Pix is a Mercado Pago charge (QR, copy-and-paste code, countdown) that switches to "Pagamento confirmado" by
 * itself; when Mercado Pago is not available (PROVIDER_UNAVAILABLE) the site's static QR is shown instead, with the
 * instruction to send the receipt to support.
 */
export function RenewalDialog({
  open,
  onClose,
  model,
  onPaid,
  paidNote,
}: {
  open: boolean;
  onClose: () => void;
  model: { id: number; name: string };
  /** What "Pagamento confirmado" says of her profile (the dashboard knows whether her identity is verified). */
  paidNote: ReactNode;
  /** Called once a Pix of hers is seen paid: the page re-reads what shows her plan. */
  onPaid: () => void;
}) {
  const plans = usePublicPlans({ enabled: open });
  const settings = usePublicSettings();
  // The plan she picked, else the one the dialog proposes (the highlighted, else the cheapest).
  const [chosenPlanId, setChosenPlanId] = useState<number | null>(null);
  const plan = plans.data?.find((p) => p.id === chosenPlanId) ?? pickRenewalPlan(plans.data);
  const [picked, setOption] = useState<Option>("provider");
  const supportPhone = settings.data?.support_phone;
  const options = optionsFor(plan, whatsappNumber(supportPhone ?? "") !== "");
  const option = options.some((o) => o.value === picked) ? picked : options[0]!.value;
  const [problem, setProblem] = useState<Problem>(null);
  const [pix, setPix] = useState<PixShown>(null);
  // The Pix was paid: the dialog's main button then just closes it.
  const [confirmed, setConfirmed] = useState(false);
  const subscription = useCreateSubscription();
  const providerPix = useCreateRenewalPix();
  const staticPix = useRenewalPix();
  const description = `Renovação ${plan.name} - ${model.name}`;

  function close() {
    setProblem(null);
    setPix(null);
    setConfirmed(false);
    setChosenPlanId(null);
    onClose();
  }

  function payWithProvider() {
    // Opened now, inside the click, so that pop-up blockers allow it; pointed at the checkout once it exists.
    const tab = window.open("", "_blank");
    subscription.mutate(
      { plan_id: plan.id },
      {
        onSuccess: (data) => {
          const link = data.init_point || data.sandbox_init_point;
          if (!link) {
            tab?.close();
            setProblem({ title: CHECKOUT_UNAVAILABLE });
            return;
          }
          if (tab) {
            tab.opener = null;
            tab.location.href = link;
          } else {
            window.location.assign(link);
          }
        },
        onError: (err) => {
          tab?.close();
          setProblem({ title: renewalErrorMessage(err) });
        },
      },
    );
  }

  /** The site's static QR: the fallback when Mercado Pago cannot make the charge. */
  function showStaticPix() {
    staticPix.mutate(
      { amount: plan.price, description },
      {
        onSuccess: (data) => {
          if (!data.qr_code && !data.qr_code_data) setProblem({ title: PIX_FAILED_TITLE, detail: PIX_FAILED_DETAIL });
          else setPix({ kind: "static", pix: data });
        },
        onError: () => setProblem({ title: PIX_FAILED_TITLE, detail: PIX_FAILED_DETAIL }),
      },
    );
  }

  /** A Mercado Pago Pix for the plan; a new code replaces the shown one when it arrives. */
  function payWithPix() {
    setProblem(null);
    providerPix.mutate(
      { plan_id: plan.id },
      {
        onSuccess: (charge) => setPix({ kind: "provider", charge }),
        onError: (err) => {
          setPix(null);
          if (hasErrorCode(err, "PROVIDER_UNAVAILABLE")) showStaticPix();
          else setProblem({ title: PIX_FAILED_TITLE, detail: pixFailureDetail(err) });
        },
      },
    );
  }

  function contactSupport() {
    const href = whatsappLink(
      supportPhone,
      `Olá! Sou ${model.name} (ID ${model.id}) e quero renovar o ${plan.name} (${formatBRL(plan.price)}).`,
    );
    if (!href) {
      setProblem({ title: NO_SUPPORT_PHONE });
      return;
    }
    window.open(href, "_blank", "noopener");
  }

  function act() {
    setProblem(null);
    setPix(null);
    if (option === "provider") payWithProvider();
    else if (option === "pix") payWithPix();
    else contactSupport();
  }

  const current = options.find((o) => o.value === option) ?? options[0]!;
  const busy = subscription.isPending || providerPix.isPending || staticPix.isPending;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Renovar plano"
      description="Escolha como deseja pagar e continue."
      footer={
        <>
          <Button variant={pix ? "secondary" : "ghost"} onClick={close}>
            {confirmed ? "Concluir" : "Fechar"}
          </Button>
          {!pix && (
            <Button onClick={act} loading={busy} loadingText="Aguarde...">
              {current.action}
            </Button>
          )}
        </>
      }
    >
      {plans.data && plans.data.length > 1 && !pix ? (
        <PlanChoice
          plans={plans.data}
          chosenId={plan.id}
          onChoose={(id) => {
            setChosenPlanId(id);
            setProblem(null);
          }}
        />
      ) : (
        <div className="rounded-2xl border border-accent/35 bg-accent-soft p-4" data-plan-id={plan.id ?? ""}>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Plano</p>
          <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-display text-2xl font-semibold text-ink">{plan.name}</p>
            <p className="text-lg font-semibold text-ink">
              {formatBRL(plan.price)}
              <span className="ml-1 text-sm font-normal text-ink-muted">/ {periodLabel(plan.period_type)}</span>
            </p>
          </div>
        </div>
      )}

      {!pix && (
        <RadioCardGroup legend="Forma de pagamento" className="mt-5">
          {options.map((o) => (
            <RadioCard
              key={o.value}
              name="renewal-option"
              value={o.value}
              checked={option === o.value}
              onChange={() => {
                setOption(o.value);
                setProblem(null);
                setPix(null);
              }}
              title={o.title}
              text={o.text}
            />
          ))}
        </RadioCardGroup>
      )}

      {problem && (
        <div role="alert" className="mt-4 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm">
          <p className="font-medium text-danger">{problem.title}</p>
          {problem.detail && <p className="mt-1 text-ink-muted">{problem.detail}</p>}
        </div>
      )}
      {pix?.kind === "provider" && (
        <ProviderPix
          key={pix.charge.payment_id}
          charge={pix.charge}
          modelId={model.id}
          onNewCode={payWithPix}
          onConfirmed={() => {
            setConfirmed(true);
            onPaid();
          }}
          paidNote={paidNote}
          busy={providerPix.isPending || staticPix.isPending}
        />
      )}
      {pix?.kind === "static" && (
        <PixResult
          pix={pix.pix}
          amount={plan.price}
          supportEmail={settings.data?.support_email.trim() ?? ""}
          receiptHref={whatsappLink(
            supportPhone,
            `Olá! Sou ${model.name} (ID ${model.id}) e paguei a renovação do ${plan.name} (${formatBRL(plan.price)}) por Pix. Segue o comprovante.`,
          )}
        />
      )}
      {pix && !confirmed && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-3"
          onClick={() => {
            setPix(null);
            setProblem(null);
          }}
        >
          Escolher outra forma de pagamento
        </Button>
      )}
    </Modal>
  );
}
