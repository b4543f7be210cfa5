import {
  type AdminGenerateLinkResponse,
  type AdminGeneratePixResponse,
  type AdminModel,
  type AdminPlan,
  AdminPaymentRequestBodySchema,
  formatBRL,
} from "@vitrine/contracts";
import { CurrencyInput } from "@/components/currency-input";
import { FormActions } from "@/components/form-modal";
import { Modal, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { useGeneratePaymentLink, useGeneratePix } from "@/features/admin/api/generate-payment-request";
import { useAdminPlans } from "@/features/admin/api/get-admin-plans";
import {
  FALLBACK_PLAN_LABEL,
  modelPlanAmong,
  planOptionLabel,
  proposePayment,
} from "@/features/admin/lib/payment-defaults";
import { getTodayInSaoPaulo } from "@/features/admin/lib/today";
import { ErrorAlert } from "@/components/error-alert";

export type PaymentRequestKind = "link" | "pix";
export type PaymentRequest = { model: AdminModel; kind: PaymentRequestKind };
/** What was charged: the amount in reais and the plan's name (null: no plan). */
export type Charge = { amount: number; planName: string | null };
export type Generated =
  | { kind: "link"; model: AdminModel; charge: Charge; link: AdminGenerateLinkResponse }
  | { kind: "pix"; model: AdminModel; charge: Charge; pix: AdminGeneratePixResponse };

const TEXTS = {
  link: {
    title: "Gerar link de pagamento",
    submit: "Gerar link",
    pending: "Gerando link...",
    error: "Erro ao gerar link de pagamento",
  },
  pix: { title: "Gerar PIX (EMV)", submit: "Gerar PIX", pending: "Gerando PIX...", error: "Erro ao gerar PIX" },
} as const;

const DESCRIPTION = "Pagamento do plano";

/**
 * Before a payment link or a Pix code is generated for a model: the plan (hers, proposed) and the amount (the
 * plan's price, editable in the money field) are shown, and "Gerar" creates the pending payment.
 */
export function PaymentRequestModal({
  request,
  onClose,
  onGenerated,
}: {
  request: PaymentRequest | null;
  onClose: () => void;
  onGenerated: (generated: Generated) => void;
}) {
  const plans = useAdminPlans();
  const texts = TEXTS[request?.kind ?? "pix"];
  return (
    <Modal
      open={request !== null}
      onClose={onClose}
      size="md"
      title={texts.title}
      description={request ? `Para ${request.model.name}. Confira o plano e o valor antes de gerar.` : undefined}
    >
      {request &&
        (plans.isPending ? (
          <p className="text-sm text-ink-muted">Carregando planos...</p>
        ) : (
          <RequestForm
            key={`${request.kind}-${request.model.id}`}
            request={request}
            plans={(plans.data ?? []).filter((p) => p.active)}
            onGenerated={onGenerated}
            onCancel={onClose}
          />
        ))}
    </Modal>
  );
}

type Values = { plan_id: string; amount: string; description: string };

function RequestForm({
  request,
  plans,
  onGenerated,
  onCancel,
}: {
  request: PaymentRequest;
  plans: AdminPlan[];
  onGenerated: (generated: Generated) => void;
  onCancel: () => void;
}) {
  const { model, kind } = request;
  const generateLink = useGeneratePaymentLink();
  const generatePix = useGeneratePix();
  const mutation = kind === "link" ? generateLink : generatePix;
  const today = getTodayInSaoPaulo();
  const modelPlan = modelPlanAmong(plans, model.plan_id);
  const form = useZodForm(
    AdminPaymentRequestBodySchema,
    {
      plan_id: modelPlan ? String(modelPlan.id) : "",
      description: DESCRIPTION,
      amount: proposePayment({ plan: modelPlan, today, nextDueDate: model.next_due_date }).amount,
    } satisfies Values,
    {
      serverErrors: mutation.error,
      toInput: (v: Values) => ({ ...v, model_id: model.id, plan_id: v.plan_id ? Number(v.plan_id) : null }),
    },
  );
  const plan = plans.find((p) => String(p.id) === form.values.plan_id) ?? null;

  function choosePlan(value: string) {
    const chosen = plans.find((p) => String(p.id) === value) ?? null;
    form.setValues({
      plan_id: value,
      amount: proposePayment({ plan: chosen, today, nextDueDate: model.next_due_date }).amount,
    });
  }

  const submit = form.handleSubmit((body) => {
    const charge: Charge = { amount: body.amount, planName: plan?.name ?? null };
    if (kind === "link") {
      generateLink.mutate(body, { onSuccess: (link) => onGenerated({ kind, model, charge, link }) });
    } else {
      generatePix.mutate(body, { onSuccess: (pix) => onGenerated({ kind, model, charge, pix }) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {mutation.isError && <ErrorAlert>{failure(TEXTS[kind].error, mutation.error)}</ErrorAlert>}
      <Select
        label="Plano"
        placeholder={FALLBACK_PLAN_LABEL}
        options={plans.map((p) => ({ value: p.id, label: planOptionLabel(p) }))}
        {...form.field("plan_id")}
        onChange={(e) => choosePlan(e.target.value)}
      />
      <CurrencyInput label="Valor" required {...form.field("amount")} charge />
      <FormActions
        className="mt-1"
        onCancel={onCancel}
        pending={mutation.isPending}
        submitLabel={TEXTS[kind].submit}
        pendingLabel={TEXTS[kind].pending}
      />
    </form>
  );
}

/** "Erro ao gerar PIX: <the server's reason>", or the message alone without one. */
function failure(message: string, err: unknown): string {
  const reason = errorMessage(err, "");
  return reason ? `${message}: ${reason}` : message;
}

/** "Plano Ouro — R$ 29,90" (or the amount alone without a plan), for the generated link's or code's title. */
export function chargeLabel(charge: Charge): string {
  return charge.planName ? `${charge.planName} — ${formatBRL(charge.amount)}` : formatBRL(charge.amount);
}
