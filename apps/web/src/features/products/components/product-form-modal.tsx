import {
  type OwnProduct,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  type ProductBody,
  ProductBodySchema,
  type ProductType,
} from "@vitrine/contracts";
import { type FormEvent, useId, useState } from "react";
import { amountToMasked, CurrencyInput, parseMaskedBRL } from "@/components/currency-input";
import { Button, Checkbox, Input, Modal, Select, Textarea } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { detailsToFieldErrors, issuesToFieldErrors } from "@/lib/form-errors";

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

/** Create or edit one product in a modal; validated with the server's ProductBodySchema. */
export function ProductFormModal({
  open,
  product,
  onClose,
  onSubmit,
  pending,
}: {
  open: boolean;
  /** null: a new product. */
  product: OwnProduct | null;
  onClose: () => void;
  /** Resolves when saved; rejects with the ApiError to show. */
  onSubmit: (body: ProductBody) => Promise<unknown>;
  pending: boolean;
}) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const price = parseMaskedBRL(values.price);
    const body: ProductBody = { ...values, price: price ?? 0 };
    const result = ProductBodySchema.safeParse(body);
    const fieldErrors = result.success ? {} : issuesToFieldErrors(result.error.issues);
    if (price === null) fieldErrors.price = "Informe o preço";
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      await onSubmit(body);
    } catch (err) {
      if (err instanceof ApiError && err.details.length > 0) setErrors(detailsToFieldErrors(err.details));
    }
  }

  return (
    <Modal
      open={open}
      onClose={() => !pending && onClose()}
      title={product ? "Editar produto" : "Novo produto"}
      description="Produtos ativos aparecem no seu perfil em “Produtos Disponíveis”."
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={pending} loadingText="Salvando...">
            Salvar
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <Input
          label="Nome"
          name="name"
          required
          maxLength={PRODUCT_NAME_MAX}
          wrapperClassName="sm:col-span-2"
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
        />
        <Textarea
          label="Descrição"
          name="description"
          rows={4}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          wrapperClassName="sm:col-span-2"
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          error={errors.description}
        />
        <CurrencyInput
          label="Preço"
          name="price"
          required
          value={values.price}
          onValueChange={(masked) => set("price", masked)}
          error={errors.price}
        />
        <Select
          label="Tipo"
          name="type"
          value={values.type}
          onChange={(e) => set("type", e.target.value as ProductType)}
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
          error={errors.type}
        />
        <Checkbox
          label="Ativo: à venda no meu perfil"
          name="is_active"
          wrapperClassName="sm:col-span-2"
          checked={values.is_active}
          onChange={(e) => set("is_active", e.target.checked)}
        />
      </form>
    </Modal>
  );
}
