import {
  PIX_DESCRIPTION_MAX,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
  PixQrQuerySchema,
} from "@vitrine/contracts";
import { Button, Card, Input, Select } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import type { StaticPixRequest } from "@/features/admin/api/get-static-pix";

type Values = { keyType: PixKeyType; amount: string; description: string };

const INITIAL: Values = { keyType: "cpf", amount: "", description: "Pagamento" };

/** Key type, an optional amount (≥ 0, cents) and a description; "Gerar QRCode" asks the server for the code. */
export function StaticPixForm({
  onSubmit,
  pending,
}: {
  onSubmit: (request: StaticPixRequest) => void;
  pending: boolean;
}) {
  const form = useZodForm(PixQrQuerySchema, INITIAL, {
    toInput: (v) => ({ amount: v.amount.trim(), description: v.description }),
  });

  const submit = form.handleSubmit(() => {
    const { keyType, amount, description } = form.values;
    onSubmit({ keyType, amount: amount.trim() || undefined, description: description.trim() || "Pagamento" });
  });

  return (
    <Card title="Gerar QR Code" description="Usa as chaves PIX cadastradas em Configurações.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Select
          label="Tipo de chave"
          options={PIX_KEY_TYPES.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABELS[t] }))}
          {...form.field("keyType")}
        />
        <Input
          label="Valor (opcional)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0,00"
          hint="Em branco: quem paga informa o valor."
          {...form.field("amount")}
        />
        <Input label="Descrição" maxLength={PIX_DESCRIPTION_MAX} {...form.field("description")} />
        <Button type="submit" loading={pending} loadingText="Gerando..." className="self-start">
          Gerar QRCode
        </Button>
      </form>
    </Card>
  );
}
