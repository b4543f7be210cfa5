import { type PublicModel, whatsappLink, whatsappNumber } from "@vitrine/contracts";

/** The message a visitor's WhatsApp chat opens with; `site` is the site name from the settings. */
export const whatsappGreeting = (site: string) => `Olá, vi seu anúncio na ${site} e gostaria de mais informações.`;

/**
 * wa.me link (digits, with the country code 55 added when missing) opening with the greeting typed in, or null
 * without a number.
 */
export function whatsappHref(model: Pick<PublicModel, "whatsapp">, site: string): string | null {
  return whatsappLink(model.whatsapp, whatsappGreeting(site));
}

/** tel: link in international form (+55…), or null without a number. */
export function phoneHref(model: Pick<PublicModel, "phone">): string | null {
  const number = model.phone ? whatsappNumber(model.phone) : "";
  return number ? `tel:+${number}` : null;
}

/** Instagram profile link from the stored handle (with or without "@"), or null. */
export function instagramHref(model: Pick<PublicModel, "instagram">): string | null {
  const handle = model.instagram?.trim().replace(/^@/, "");
  return handle ? `https://instagram.com/${encodeURIComponent(handle)}` : null;
}
