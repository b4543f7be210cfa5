/** Lower-case, accents stripped: the form used for search and slugs on both sides. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Slug: lowercase, accents stripped, non-alphanumerics removed, spaces joined by hyphens. */
export function slugify(text: string): string {
  return normalizeText(text)
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

/** "São Paulo" + "SP" → "sao-paulo-sp" */
export function citySlug(cityName: string, uf: string): string {
  return slugify(`${cityName} ${uf}`);
}

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** WhatsApp links need the country code: 55 (Brazil) is added when missing. */
export function whatsappNumber(raw: string): string {
  const digits = onlyDigits(raw);
  if (!digits) return "";
  return digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`;
}
