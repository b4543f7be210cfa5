import {
  ADMIN_PAYMENT_METHOD_LABELS,
  ADMIN_PAYMENT_METHODS,
  type AdminModel,
  CreateModelPaymentBodySchema,
  type ModelPaymentsResponse,
} from "@vitrine/contracts";
import { useState } from "react";
import { Button, Checkbox, Input, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateModelPayment } from "@/features/admin/api/create-model-payment";
import { useAdminPlans } from "@/features/admin/api/get-admin-plans";
import { planOptionLabel, proposePayment } from "@/features/admin/lib/payment-defaults";

type Values = {
  plan_id: string;
  method: string;
  amount: string;
  description: string;
  due_date: string;
};

/**
 * The details modal's new-payment form. Choosing a plan fills the amount with its price and proposes the due
 * date (the plan period counted from the later of today and the model's due date), here in the browser: nothing
 * reaches the server before the form is sent (the payment's plan becomes the model's when it is recorded).
 * Amounts accept a comma ("59,90"). "Já recebido" records it paid, which moves the model's due date.
 */
export function NewPaymentForm({ model, context }: { model: AdminModel; context: ModelPaymentsResponse }) {
  const plans = useAdminPlans();
  const activePlans = (plans.data ?? []).filter((p) => p.active || p.id === context.model.plan_id);
  const create = useCreateModelPayment();
  const [received, setReceived] = useState(true);
  const initial: Values = {
    plan_id: "",
    method: "cash",
    description: "",
    ...proposePayment({ plan: null, today: context.today, nextDueDate: context.model.next_due_date }),
  };
  const form = useZodForm(CreateModelPaymentBodySchema, initial, {
    serverErrors: create.error,
    toInput: (v: Values) => ({ ...v, plan_id: v.plan_id ? Number(v.plan_id) : null }),
  });

  function choosePlan(value: string) {
    const plan = activePlans.find((p) => String(p.id) === value) ?? null;
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
          form.reset({
            ...initial,
            ...proposePayment({ plan: null, today: context.today, nextDueDate: context.model.next_due_date }),
          });
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
        placeholder={plans.isPending ? "Carregando..." : "Sem plano"}
        options={activePlans.map((p) => ({ value: p.id, label: planOptionLabel(p) }))}
        {...form.field("plan_id")}
        onChange={(e) => choosePlan(e.target.value)}
      />
      <Select
        label="Forma de pagamento"
        required
        options={ADMIN_PAYMENT_METHODS.map((m) => ({ value: m, label: ADMIN_PAYMENT_METHOD_LABELS[m] }))}
        {...form.field("method")}
      />
      <Input
        label="Valor (R$)"
        required
        inputMode="decimal"
        placeholder="59,90"
        autoComplete="off"
        {...form.field("amount")}
      />
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
