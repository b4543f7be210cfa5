import { type AdminModel, DateOnlySchema, formatBRL, type ModelPaymentsResponse } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { FormActions, FormError } from "@/components/form-modal";
import { Input, Modal, QueryState, Select } from "@/components/ui";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateModelPayment } from "@/features/admin/api/create-model-payment";
import { useAdminPlans } from "@/features/admin/api/get-admin-plans";
import { useModelPayments } from "@/features/admin/api/get-model-payments";
import {
  ADMIN_FIXED_AMOUNT,
  FALLBACK_PLAN_LABEL,
  planOptionLabel,
  proposePayment,
} from "@/features/admin/lib/payment-defaults";

const FORM_ID = "quick-payment-form";

/**
 * The quick payment of the overdue modal: a paid cash payment (the fixed amount, or the chosen plan's price, with
 * the proposed due date) that also activates the model, in one request (the server records both or neither).
 */
export function QuickPaymentModal({ model, onClose }: { model: AdminModel | null; onClose: () => void }) {
  const payments = useModelPayments(model?.id ?? null);
  return (
    <Modal
      open={model !== null}
      onClose={onClose}
      size="md"
      title="Pagamento rápido"
      description={model ? `Registra um pagamento em dinheiro e ativa ${model.name}.` : undefined}
    >
      {model && (
        <QueryState query={payments} variant="inline" errorText="Erro ao carregar os dados da modelo.">
          {(data) => <QuickPaymentForm model={model} context={data} onDone={onClose} />}
        </QueryState>
      )}
    </Modal>
  );
}

function QuickPaymentForm({
  model,
  context,
  onDone,
}: {
  model: AdminModel;
  context: ModelPaymentsResponse;
  onDone: () => void;
}) {
  const plans = useAdminPlans();
  const activePlans = (plans.data ?? []).filter((p) => p.active);
  const initialPlanId = activePlans.some((p) => p.id === model.plan_id) ? String(model.plan_id) : "";
  const [planId, setPlanId] = useState<string | null>(null);
  const chosenPlanId = planId ?? initialPlanId;
  const plan = activePlans.find((p) => String(p.id) === chosenPlanId) ?? null;
  const proposal = proposePayment({ plan, today: context.today, nextDueDate: context.model.next_due_date });
  const [dueDate, setDueDate] = useState<string | null>(null);
  const due = dueDate ?? proposal.due_date;
  const createPayment = useCreateModelPayment();
  const dueError = DateOnlySchema.safeParse(due).success ? null : "Informe a data de vencimento";

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (dueError) return;
    // One request: the payment, the plan and the activation are recorded together, or none of them.
    createPayment.mutate(
      {
        modelId: model.id,
        body: {
          amount: plan ? plan.price : ADMIN_FIXED_AMOUNT,
          plan_id: plan?.id ?? null,
          method: "cash",
          status: "paid",
          description: plan ? `Pagamento rápido — ${plan.name}` : "Pagamento rápido",
          due_date: due,
          activate: true,
        },
      },
      {
        onSuccess: () => {
          toast.success("Pagamento realizado e modelo ativado com sucesso!");
          onDone();
        },
      },
    );
  }

  return (
    <form id={FORM_ID} onSubmit={confirm} noValidate className="flex flex-col gap-4">
      {createPayment.isError && <FormError error={createPayment.error} fallback="Erro ao processar pagamento." />}
      <Select
        label="Plano"
        value={chosenPlanId}
        onChange={(e) => {
          setPlanId(e.target.value);
          setDueDate(null);
        }}
        placeholder={plans.isPending ? "Carregando..." : FALLBACK_PLAN_LABEL}
        options={activePlans.map((p) => ({ value: p.id, label: planOptionLabel(p) }))}
      />
      <dl className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface-2/60 p-4 text-sm">
        <div>
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">Valor</dt>
          <dd className="mt-1 font-display text-2xl font-semibold text-ink">
            {formatBRL(plan ? plan.price : ADMIN_FIXED_AMOUNT)}
          </dd>
        </div>
        <div>
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">Forma</dt>
          <dd className="mt-1 text-ink">Dinheiro (pago)</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">Vencimento atual</dt>
          <dd className="mt-1 text-ink">{formatDate(context.model.next_due_date)}</dd>
        </div>
      </dl>
      <Input
        label="Novo vencimento"
        type="date"
        required
        value={due}
        onChange={(e) => setDueDate(e.target.value)}
        error={dueError}
        hint="Proposto: o período do plano contado do vencimento atual (ou de hoje, se já passou)."
      />
      <FormActions
        className="mt-1"
        onCancel={onDone}
        pending={createPayment.isPending}
        submitLabel="Confirmar pagamento"
        pendingLabel="Processando..."
      />
    </form>
  );
}
