// No zod here: a plain map the screens read.
/**
 * Every payment method a payment record, an order or a plan can carry, as every screen shows it: what the admin
 * chooses for a new payment (cash, mercadopago, pix_emv), what a model's renewal and a customer's checkout store
 * (mercadopago, mercadopago_pix, pix) and what a plan offers (pix, cartao, boleto).
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  cash: "Dinheiro",
  mercadopago: "Link de pagamento (Mercado Pago)",
  mercadopago_pix: "Pix (Mercado Pago)",
  pix_emv: "PIX (chave do site)",
  pix: "PIX",
  cartao: "Cartão",
  boleto: "Boleto",
};

/** The label of a payment method; a method the map does not know is shown as "Outra (x)", never blank. */
export function paymentMethodLabel(method: string): string {
  return Object.hasOwn(PAYMENT_METHOD_LABELS, method) ? PAYMENT_METHOD_LABELS[method] : `Outra (${method})`;
}
