import { normalizeText } from "@vitrine/contracts";

/** The lower-cased, accent-free text that public search matches (name, description, category, city). */
export function buildModelSearchText(parts: {
  name: string;
  description: string;
  categoryName: string | null;
  cityName: string;
  uf: string;
}): string {
  return normalizeText(
    [parts.name, parts.categoryName ?? "", parts.cityName, parts.uf, parts.description].join(" ").replace(/\s+/g, " "),
  ).trim();
}
