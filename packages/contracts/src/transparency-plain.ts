// No zod here: the public transparency page loads this file (the schemas are in transparency.ts).

/**
 * The transparency report (decision 076) covers one period: a calendar quarter ("2026-T4") or a calendar year
 * ("2026"), in São Paulo dates. The page and the API name it with `?periodo=`; without it, the current quarter.
 */
export const TRANSPARENCY_PERIOD_PARAM = "periodo";

/** The first year a report may cover; earlier periods are refused (the site kept nothing before). */
export const TRANSPARENCY_FIRST_YEAR = 2024;

export const TRANSPARENCY_PERIOD_INVALID =
  "Período inválido: informe o ano (por exemplo 2026) ou o trimestre (por exemplo 2026-T4).";
export const TRANSPARENCY_PERIOD_OUT_OF_RANGE = `Período fora do relatório: escolha um período de ${TRANSPARENCY_FIRST_YEAR} até hoje.`;

export type TransparencyPeriod = { year: number; quarter: 1 | 2 | 3 | 4 | null };

const PERIOD = /^(\d{4})(?:-T([1-4]))?$/;

/** "2026-T4" → the 4th quarter of 2026, "2026" → the year; anything else → null. */
export function parseTransparencyPeriod(text: string): TransparencyPeriod | null {
  const match = PERIOD.exec(text.trim().toUpperCase());
  if (!match) return null;
  return { year: Number(match[1]), quarter: match[2] ? (Number(match[2]) as 1 | 2 | 3 | 4) : null };
}

/** The period as the URL writes it: "2026-T4" or "2026". */
export function transparencyPeriodKey(period: TransparencyPeriod): string {
  return period.quarter === null ? String(period.year) : `${period.year}-T${period.quarter}`;
}

/** "4º trimestre de 2026" or "Ano de 2026". */
export function transparencyPeriodLabel(period: TransparencyPeriod): string {
  return period.quarter === null ? `Ano de ${period.year}` : `${period.quarter}º trimestre de ${period.year}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The São Paulo calendar days the period covers: `from` its first day, `until` the day after its last (exclusive),
 * both YYYY-MM-DD.
 */
export function transparencyPeriodDays(period: TransparencyPeriod): { from: string; until: string } {
  if (period.quarter === null) return { from: `${period.year}-01-01`, until: `${period.year + 1}-01-01` };
  const firstMonth = (period.quarter - 1) * 3 + 1;
  const next = period.quarter === 4 ? `${period.year + 1}-01-01` : `${period.year}-${pad(firstMonth + 3)}-01`;
  return { from: `${period.year}-${pad(firstMonth)}-01`, until: next };
}

/** The quarter a São Paulo day (YYYY-MM-DD) falls in. */
export function quarterOfDay(day: string): TransparencyPeriod {
  const month = Number(day.slice(5, 7));
  return { year: Number(day.slice(0, 4)), quarter: (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4 };
}

/** Whether the period has begun by `today` (YYYY-MM-DD) and is not before TRANSPARENCY_FIRST_YEAR. */
export function isTransparencyPeriodAvailable(period: TransparencyPeriod, today: string): boolean {
  return period.year >= TRANSPARENCY_FIRST_YEAR && transparencyPeriodDays(period).from <= today;
}

/**
 * The periods the page offers on `today`, newest first: each year from the current one back to the first, and the
 * quarters of `year` that have begun.
 */
export function transparencyPeriodChoices(today: string, year: number) {
  const current = quarterOfDay(today);
  const years: TransparencyPeriod[] = [];
  for (let y = current.year; y >= TRANSPARENCY_FIRST_YEAR; y--) years.push({ year: y, quarter: null });
  const quarters: TransparencyPeriod[] = [];
  for (const q of [4, 3, 2, 1] as const) {
    const period = { year, quarter: q };
    if (isTransparencyPeriodAvailable(period, today)) quarters.push(period);
  }
  return { years, quarters };
}

/** The decisions on a case the report counts as removing content (every action but archiving). */
export const TRANSPARENCY_REMOVAL_ACTIONS = ["hide_photo", "hide_profile", "suspend", "ban"] as const;
