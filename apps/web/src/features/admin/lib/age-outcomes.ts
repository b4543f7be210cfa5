import type { AgeOutcomeCounts } from "@vitrine/contracts";

/** The admin's names of the counts of age checks (cards, chart, table). */
export const AGE_COUNT_LABELS: Record<keyof AgeOutcomeCounts, string> = {
  started: "Iniciadas",
  over18: "Maiores de 18",
  under18: "Menores de 18",
  cancelled: "Canceladas",
  error: "Com falha",
  replayed: "Reenvios recusados",
};

/** The answered outcomes, in the order the page shows them. */
export const AGE_OUTCOME_KEYS = ["over18", "under18", "cancelled", "error", "replayed"] as const;

/** Checks begun and never answered (the visitor left the verifier, or is still there). */
export function unanswered(counts: AgeOutcomeCounts): number {
  return Math.max(0, counts.started - AGE_OUTCOME_KEYS.reduce((sum, key) => sum + counts[key], 0));
}
