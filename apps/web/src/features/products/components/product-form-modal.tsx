import {
  type OwnProduct,
  parseMoney,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  type ProductBody,
  ProductBodySchema,
  type ProductType,
} from "@vitrine/contracts";
import { amountToMasked, CurrencyInput } from "@/components/currency-input";
import { FormModal } from "@/components/form-modal";
import { Checkbox, Input, Select, Textarea } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";

/** `price` is the masked text ("R$ 59,90"); ProductBodySchema reads it the same way the server would. */
type Values = { name: string; description: string; price: string; type: ProductType; is_active: boolean };

function initialValues(product: OwnProduct | null): Values {
  if (!product) return { name: "", description: "", price: "", type: "digital", is_active: true };
  return {
    name: product.name,
    description: product.description,
    price: amountToMasked(product.price),
    type: (PRODUCT_TYPES as readonly string[]).includes(product.type) ? (product.type as ProductType) : "digital",
    is_active: product.is_active,
  };
}

/** An empty price asks for one (the schema alone would only say "Valor inválido"). */
const checkPrice = (values: Values) => (parseMoney(values.price) === null ? { price: "Informe o preço" } : undefined);

/**
 * Create or edit one product in a modal; validated with the server's ProductBodySchema. `serverErrors` is the
 * rejection of the last save, whose field details show inline.
 */
export function ProductFormModal({
  open,
  product,
  onClose,
  onSubmit,
  pending,
  serverErrors,
}: {
  open: boolean;
  /** null: a new product. */
  product: OwnProduct | null;
  onClose: () => void;
  onSubmit: (body: ProductBody) => void;
  pending: boolean;
  serverErrors: unknown;
}) {
  const form = useZodForm(ProductBodySchema, initialValues(product), { serverErrors, check: checkPrice });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={product ? "Editar produto" : "Novo produto"}
      description="Produtos ativos aparecem no seu perfil em “Produtos Disponíveis”."
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      formClassName="grid gap-5 sm:grid-cols-2"
    >
      <Input
        label="Nome"
        required
        maxLength={PRODUCT_NAME_MAX}
        wrapperClassName="sm:col-span-2"
        {...form.field("name")}
      />
      <Textarea
        label="Descrição"
        rows={4}
        maxLength={PRODUCT_DESCRIPTION_MAX}
        wrapperClassName="sm:col-span-2"
        {...form.field("description")}
      />
      <CurrencyInput label="Preço" required {...form.field("price")} />
      <Select
        label="Tipo"
        options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
        {...form.field("type")}
      />
      <Checkbox
        label="Ativo: à venda no meu perfil"
        name="is_active"
        wrapperClassName="sm:col-span-2"
        checked={form.values.is_active}
        onChange={(e) => form.setValue("is_active", e.target.checked)}
      />
    </FormModal>
  );
}
