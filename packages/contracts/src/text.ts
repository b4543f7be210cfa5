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

/** A wa.me chat link (number as in `whatsappNumber`) opening with `text` typed in, or null without a number. */
export function whatsappLink(raw: string | null | undefined, text?: string): string | null {
  const number = raw ? whatsappNumber(raw) : "";
  if (!number) return null;
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`;
}

const integer = new Intl.NumberFormat("pt-BR");

/** A count written the pt-BR way: 12345 → "12.345". */
export const formatCount = (n: number) => integer.format(n);

/**
 * A count with its noun, pt-BR: the singular only for exactly one, the plural otherwise (zero included:
 * "0 visualizações"). plural(1, "visualização", "visualizações") → "1 visualização";
 * plural(12345, "cidade encontrada", "cidades encontradas") → "12.345 cidades encontradas".
 */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${Math.abs(n) === 1 ? one : many}`;
}
