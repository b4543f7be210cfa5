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

/** "1 denúncia", "3 denúncias": a count with its noun in the right number. */
export const countLabel = (n: number, one: string, many: string) =>
  `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/** How long since `iso`, in words: "menos de 1 min", "12 min", "3 h 5 min", "2 dias". */
export function waitingFor(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} dias`;
}
