import {
  formatBRL,
  type ModelPixResponse,
  periodLabel,
  type PixQrCodeResponse,
  whatsappLink,
} from "@vitrine/contracts";
import { useState } from "react";
import { Button, Modal } from "@/components/ui";
import { usePublicPlans } from "@/features/settings/api/get-public-plans";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { ApiError, hasErrorCode } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useCreateRenewalPix } from "../api/create-renewal-pix";
import { useCreateSubscription } from "../api/create-subscription";
import { useRenewalPix } from "../api/get-renewal-pix";
import { ProviderPix } from "./provider-pix";
import { PixResult } from "./pix-result";
import {
  CHECKOUT_UNAVAILABLE,
  NO_SUPPORT_PHONE,
  PIX_FAILED_DETAIL,
  PIX_FAILED_TITLE,
  pickRenewalPlan,
  renewalErrorMessage,
} from "../lib/renewal-plan";

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

/** The Pix shown: a Mercado Pago charge that confirms itself, or the site's static QR that support confirms. */
type PixShown = { kind: "provider"; charge: ModelPixResponse } | { kind: "static"; pix: PixQrCodeResponse } | null;

/** The detail under "Não foi possível gerar o QR Code PIX.": the server's reason when it refused, else the hint. */
function pixFailureDetail(err: unknown): string {
  if (err instanceof ApiError && (err.isNetworkError || err.isRefusal) && err.message) return err.message;
  return PIX_FAILED_DETAIL;
}

/**
 * Renewal dialog: one option at a time (checkout provider, Pix QR, or support), then act. The plan is
 * the highlighted one, else the cheapest, else "Plano Mensal" at 100. The price is always the plan's: the server
 * reads it from the plan, whatever the browser sends.
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
}: {
  open: boolean;
  onClose: () => void;
  model: { id: number; name: string };
  /** Called once a Pix of hers is seen paid: the page re-reads what shows her plan. */
  onPaid: () => void;
}) {
  const plans = usePublicPlans({ enabled: open });
  const settings = usePublicSettings();
  const plan = pickRenewalPlan(plans.data);
  const [option, setOption] = useState<Option>("provider");
  const [problem, setProblem] = useState<Problem>(null);
  const [pix, setPix] = useState<PixShown>(null);
  // The Pix was paid: the dialog's main button then just closes it.
  const [confirmed, setConfirmed] = useState(false);
  const subscription = useCreateSubscription();
  const providerPix = useCreateRenewalPix();
  const staticPix = useRenewalPix();
  const description = `Renovação ${plan.name} - ${model.name}`;
  const supportPhone = settings.data?.support_phone;

  function close() {
    setProblem(null);
    setPix(null);
    setConfirmed(false);
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

  const current = OPTIONS.find((o) => o.value === option) ?? OPTIONS[0];
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

      {!pix && (
        <fieldset className="mt-5">
          <legend className="mb-3 text-sm font-medium text-ink-muted">Forma de pagamento</legend>
          <div className="flex flex-col gap-2">
            {OPTIONS.map((o) => (
              <label
                key={o.value}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-xl border px-4 py-3 transition-colors",
                  option === o.value
                    ? "border-accent/70 bg-surface-3"
                    : "border-line bg-surface-2 hover:border-line-strong",
                )}
              >
                <input
                  type="radio"
                  name="renewal-option"
                  value={o.value}
                  checked={option === o.value}
                  onChange={() => {
                    setOption(o.value);
                    setProblem(null);
                    setPix(null);
                  }}
                  className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-ink">{o.title}</span>
                  <span className="block text-sm text-ink-muted">{o.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
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
          busy={providerPix.isPending || staticPix.isPending}
        />
      )}
      {pix?.kind === "static" && (
        <PixResult
          pix={pix.pix}
          amount={plan.price}
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
