import {
  type AdminPlan,
  PAYMENT_METHODS,
  parseMoney,
  paymentMethodLabel,
  PERIOD_LABELS,
  PERIOD_TYPES,
  type PeriodType,
  type PlanBody,
  PlanBodySchema,
  type PlanPaymentMethod,
} from "@vitrine/contracts";
import { amountToMasked, CurrencyInput } from "@/components/currency-input";
import { FormModal } from "@/components/form-modal";
import { Checkbox, Input, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";

/** `price` is the masked text ("R$ 59,90"); PlanBodySchema reads it the same way the server does. */
type Values = {
  name: string;
  price: string;
  period_type: PeriodType;
  highlight: boolean;
  payment_methods: PlanPaymentMethod[];
  active: boolean;
};

/** A new plan is weekly, not highlighted, paid by any method, and active. */
function initialValues(plan: AdminPlan | null): Values {
  if (!plan) {
    return {
      name: "",
      price: "",
      period_type: "weekly",
      highlight: false,
      payment_methods: [...PAYMENT_METHODS],
      active: true,
    };
  }
  return {
    name: plan.name,
    price: amountToMasked(plan.price),
    period_type: plan.period_type,
    highlight: plan.highlight,
    payment_methods: plan.payment_methods,
    active: plan.active,
  };
}

/** An empty price asks for one (the schema alone would only say the value is invalid). */
const checkPrice = (values: Values) =>
  parseMoney(values.price) === null ? { price: "Preço é obrigatório" } : undefined;

/** Create or edit a plan; validated with the server's PlanBodySchema, server field errors shown inline. */
export function PlanFormModal({
  plan,
  onClose,
  onSubmit,
  pending,
  serverErrors,
}: {
  /** null: a new plan. */
  plan: AdminPlan | null;
  onClose: () => void;
  onSubmit: (body: PlanBody) => void;
  pending: boolean;
  serverErrors: unknown;
}) {
  const form = useZodForm(PlanBodySchema, initialValues(plan), { serverErrors, check: checkPrice });
  const methods = form.values.payment_methods;

  function toggleMethod(method: PlanPaymentMethod, on: boolean) {
    const next = on ? [...methods, method] : methods.filter((m) => m !== method);
    form.setValue(
      "payment_methods",
      PAYMENT_METHODS.filter((m) => next.includes(m)),
    );
  }

  return (
    <FormModal
      onClose={onClose}
      title={plan ? "Editar plano" : "Cadastrar plano"}
      description="Os planos ativos são oferecidos às modelos na renovação."
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      formClassName="grid gap-5 sm:grid-cols-2"
    >
      <Input label="Nome" required maxLength={80} wrapperClassName="sm:col-span-2" {...form.field("name")} />
      <CurrencyInput label="Preço" required {...form.field("price")} />
      <Select
        label="Período"
        options={PERIOD_TYPES.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
        {...form.field("period_type")}
      />
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-ink-muted">Formas de pagamento</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {PAYMENT_METHODS.map((method) => (
            <Checkbox
              key={method}
              label={paymentMethodLabel(method)}
              name="payment_methods"
              value={method}
              checked={methods.includes(method)}
              onChange={(e) => toggleMethod(method, e.target.checked)}
            />
          ))}
        </div>
        {form.errors.payment_methods && (
          <p className="text-xs font-medium text-danger">{form.errors.payment_methods}</p>
        )}
      </fieldset>
      <Checkbox
        label="Ativo"
        name="active"
        hint="Planos inativos não são oferecidos às modelos."
        wrapperClassName="sm:col-span-2"
        checked={form.values.active}
        onChange={(e) => form.setValue("active", e.target.checked)}
      />
      <Checkbox
        label="Destaque"
        name="highlight"
        hint="O plano oferecido em evidência; destacar este tira o destaque dos outros."
        wrapperClassName="sm:col-span-2"
        checked={form.values.highlight}
        onChange={(e) => form.setValue("highlight", e.target.checked)}
      />
    </FormModal>
  );
}
