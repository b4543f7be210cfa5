import { getTodayInSaoPaulo } from "./today";

const FULL_DATE = /^(\d{4})-\d{2}-\d{2}$/;

/**
 * Her age today (São Paulo) by the birth date the admin is typing from her document, the rule the server's
 * approval uses; null while the date is incomplete, before 1900 or in the future (the year is still being typed).
 */
export function getDocumentAge(birthDate: string, today: string = getTodayInSaoPaulo()): number | null {
  const match = FULL_DATE.exec(birthDate);
  if (!match || Number(match[1]) < 1900 || birthDate > today) return null;
  const years = Number(today.slice(0, 4)) - Number(match[1]);
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
