import { onlyDigits } from "@vitrine/contracts";

/**
 * A Brazilian phone as people read it: "71985911775" → "(71) 98591-1775", "1133334444" → "(11) 3333-4444",
 * with a leading 55 dropped. Anything else is shown as it was typed.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return "—";
  let digits = onlyDigits(raw);
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : raw;
}
