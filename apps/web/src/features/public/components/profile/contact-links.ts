import { type PublicModel, whatsappNumber } from "@vitrine/contracts";

/** wa.me link (digits, with the country code 55 added when missing), or null without a number. */
export function whatsappHref(model: Pick<PublicModel, "whatsapp">): string | null {
  const number = model.whatsapp ? whatsappNumber(model.whatsapp) : "";
  return number ? `https://wa.me/${number}` : null;
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
