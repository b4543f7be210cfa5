import {
  ADMIN_PAYMENT_METHODS,
  type AdminModel,
  type AdminPlan,
  CreateModelPaymentBodySchema,
  type ModelPaymentsResponse,
  paymentMethodLabel,
} from "@vitrine/contracts";
import { useState } from "react";
import { CurrencyInput } from "@/components/currency-input";
import { Button, Checkbox, Input, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateModelPayment } from "@/features/admin/api/create-model-payment";
import { useAdminPlans } from "@/features/admin/api/get-admin-plans";
import { modelPlanAmong, planOptionLabel, proposePayment } from "@/features/admin/lib/payment-defaults";

type Values = {
  plan_id: string;
  method: string;
  amount: string;
  description: string;
  due_date: string;
};

/**
 * The details modal's new-payment form. It proposes the model's plan (its price, in the money field, and its due
 * date); choosing another plan fills the amount with its price and proposes the due date (the plan period counted
 * from the later of today and the model's due date), here in the browser: nothing reaches the server before the
 * form is sent (the payment's plan becomes the model's when it is recorded). Without a plan, the fixed amount.
 * "Já recebido" records it paid, which moves the model's due date.
 */
export function NewPaymentForm({ model, context }: { model: AdminModel; context: ModelPaymentsResponse }) {
  const plans = useAdminPlans();
  // The proposal needs the plans: until they arrive (or if they fail), the form waits on them.
  if (plans.isPending) return <p className="text-sm text-ink-muted">Carregando planos...</p>;
  const choosable = (plans.data ?? []).filter((p) => p.active || p.id === context.model.plan_id);
  return <PaymentForm model={model} context={context} plans={choosable} />;
}

function PaymentForm({
  model,
  context,
  plans,
}: {
  model: AdminModel;
  context: ModelPaymentsResponse;
  plans: AdminPlan[];
}) {
  const create = useCreateModelPayment();
  const [received, setReceived] = useState(true);
  const modelPlan = modelPlanAmong(plans, context.model.plan_id);
  const initial: Values = {
    plan_id: modelPlan ? String(modelPlan.id) : "",
    method: "cash",
    description: "",
    ...proposePayment({ plan: modelPlan, today: context.today, nextDueDate: context.model.next_due_date }),
  };
  const form = useZodForm(CreateModelPaymentBodySchema, initial, {
    serverErrors: create.error,
    toInput: (v: Values) => ({ ...v, plan_id: v.plan_id ? Number(v.plan_id) : null }),
  });

  function choosePlan(value: string) {
    const plan = plans.find((p) => String(p.id) === value) ?? null;
    form.setValues({
      plan_id: value,
      ...proposePayment({ plan, today: context.today, nextDueDate: context.model.next_due_date }),
    });
  }

  const submit = form.handleSubmit((body) =>
    create.mutate(
      { modelId: model.id, body: { ...body, status: received ? "paid" : "pending" } },
      {
        onSuccess: () => {
          toast.success("Pagamento registrado com sucesso!");
          form.reset(initial);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Novo pagamento">
      {create.isError && (
        <p
          role="alert"
          className="col-span-full rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {errorMessage(create.error, "Erro ao criar pagamento")}
        </p>
      )}
      <Select
        label="Plano"
        wrapperClassName="sm:col-span-2"
        placeholder="Sem plano"
        options={plans.map((p) => ({ value: p.id, label: planOptionLabel(p) }))}
        {...form.field("plan_id")}
        onChange={(e) => choosePlan(e.target.value)}
      />
      <Select
        label="Forma de pagamento"
        required
        options={ADMIN_PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabel(m) }))}
        {...form.field("method")}
      />
      <CurrencyInput label="Valor" required {...form.field("amount")} charge />
      <Input label="Descrição" maxLength={200} placeholder="Ex.: Renovação mensal" {...form.field("description")} />
      <Input label="Vencimento" type="date" required {...form.field("due_date")} />
      <Checkbox
        wrapperClassName="sm:col-span-2"
        label="Pagamento já recebido (marca como pago e atualiza o vencimento da modelo)"
        checked={received}
        onChange={(e) => setReceived(e.target.checked)}
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={create.isPending} loadingText="Salvando...">
          Registrar pagamento
        </Button>
      </div>
    </form>
  );
}
