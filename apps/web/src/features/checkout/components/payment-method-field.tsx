import { RadioCard, RadioCardGroup } from "@/components/radio-card";

export type CheckoutMethod = "pix_manual" | "mercadopago_pix";

export const CHECKOUT_METHODS: Array<{ value: CheckoutMethod; title: string; text: string; action: string }> = [
  {
    value: "pix_manual",
    title: "PIX Manual",
    text: "Gere o QR Code e pague pelo aplicativo do seu banco. A confirmação é feita pela nossa equipe.",
    action: "Gerar PIX",
  },
  {
    value: "mercadopago_pix",
    title: "PIX via Mercado Pago",
    text: "Pague no ambiente seguro do Mercado Pago; a confirmação é automática.",
    action: "Pagar com PIX",
  },
];

/** The payment method radio: "PIX Manual" or "PIX via Mercado Pago", each with one line on how it works. */
export function PaymentMethodField({
  value,
  onChange,
  disabled,
}: {
  value: CheckoutMethod;
  onChange: (method: CheckoutMethod) => void;
  disabled?: boolean;
}) {
  return (
    <RadioCardGroup legend="Forma de pagamento" columns disabled={disabled}>
      {CHECKOUT_METHODS.map((m) => (
        <RadioCard
          key={m.value}
          name="payment_method"
          value={m.value}
          checked={value === m.value}
          onChange={() => onChange(m.value)}
          title={m.title}
          text={m.text}
        />
      ))}
    </RadioCardGroup>
  );
}
