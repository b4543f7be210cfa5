import {
  MODERATION_ACTION_LABELS,
  MODERATION_STATUS_LABELS,
  type ModerationAction,
  type ModerationStatus,
  reportCategoryLabel,
} from "@vitrine/contracts";
import type { BadgeVariant } from "@/components/ui";

/** The queue's priority as a word and a colour. */
export function priorityBadge(priority: number): { label: string; variant: BadgeVariant } {
  if (priority >= 2) return { label: "Urgente", variant: "danger" };
  if (priority === 1) return { label: "Alta", variant: "warning" };
  return { label: "Normal", variant: "neutral" };
}

export const actionLabel = (action: string | null) =>
  action ? (MODERATION_ACTION_LABELS[action as ModerationAction] ?? action) : "—";

export const statusLabel = (status: string) => MODERATION_STATUS_LABELS[status as ModerationStatus] ?? status;

/** What was reported: the categories, or the system's flag. */
export function caseSubject(kase: { kind: string; categories: string[]; detail?: string }): string {
  if (kase.kind === "duplicate_photo") return kase.detail || "Foto usada por outra conta";
  return kase.categories.map(reportCategoryLabel).join(", ") || "—";
}
