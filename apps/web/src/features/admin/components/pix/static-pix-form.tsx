import { PIX_DESCRIPTION_MAX, PIX_KEY_TYPE_LABELS, type PixKeyType, PixQrQuerySchema } from "@vitrine/contracts";
import { CurrencyInput } from "@/components/currency-input";
import { Button, Card, Input, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import type { StaticPixRequest } from "@/features/admin/api/get-static-pix";

type Values = { keyType: PixKeyType; amount: string; description: string };

/**
 * Key type (only the types configured in Configurações, the first one chosen), an optional amount (the money
 * field: "49,90" is R$ 49,90) and a description; "Gerar QRCode" asks the server for the code.
 */
export function StaticPixForm({
  keyTypes,
  onSubmit,
  pending,
}: {
  /** The configured key types, never empty (the page explains the missing keys instead of showing the form). */
  keyTypes: readonly [PixKeyType, ...PixKeyType[]];
  onSubmit: (request: StaticPixRequest) => void;
  pending: boolean;
}) {
  const initial: Values = { keyType: keyTypes[0], amount: "", description: "Pagamento" };
  const form = useZodForm(PixQrQuerySchema, initial, {
    toInput: (v) => ({ amount: v.amount.trim(), description: v.description }),
  });

  // The schema reads the masked text ("R$ 49,90") as the server would; the request carries reais ("49.9").
  const submit = form.handleSubmit(({ amount, description }) =>
    onSubmit({
      keyType: form.values.keyType,
      amount: amount === undefined ? undefined : String(amount),
      description: description || "Pagamento",
    }),
  );

  return (
    <Card title="Gerar QR Code" description="Usa as chaves PIX cadastradas em Configurações.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Select
          label="Tipo de chave"
          options={keyTypes.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABELS[t] }))}
          {...form.field("keyType")}
        />
        <CurrencyInput
          label="Valor (opcional)"
          {...form.field("amount")}
          charge
          hint="Em branco: quem paga informa o valor."
        />
        <Input label="Descrição" maxLength={PIX_DESCRIPTION_MAX} {...form.field("description")} />
        <Button type="submit" loading={pending} loadingText="Gerando..." className="self-start">
          Gerar QRCode
        </Button>
      </form>
    </Card>
  );
}
