import { whatsappLink } from "@vitrine/contracts";

/** A wa.me chat link with a prefilled message (digits only, 55 added when missing), or null without a number. */
export function buildWhatsAppLink(phone: string | null | undefined, text: string): string | null {
  return whatsappLink(phone, text);
}

/** The greeting an admin starts a chat with. */
export function buildGreeting(name: string): string {
  return `Olá, ${name}! Tudo bem? Aqui é da administração do site.`;
}

/** The message that sends a payment link or Pix code to a model. */
export function buildPaymentMessage(name: string, what: { link?: string; pixCode?: string }): string {
  if (what.link) return `Olá, ${name}! Segue o link para o pagamento do seu plano: ${what.link}`;
  return `Olá, ${name}! Segue o código PIX (copia e cola) para o pagamento do seu plano:\n\n${what.pixCode ?? ""}`;
}
