// No zod here: the public profile's report dialog loads this file (the schemas are in moderation.ts).

/** What a visitor may report, in the order the dialog lists them. */
export const REPORT_CATEGORIES = [
  "minor_or_exploitation",
  "trafficking_or_coercion",
  "not_the_person",
  "intimate_image_without_consent",
  "scam",
  "spam_or_wrong_category",
  "other",
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  minor_or_exploitation: "Menor de idade ou exploração",
  trafficking_or_coercion: "Tráfico ou coação",
  not_the_person: "Não é a pessoa das fotos",
  intimate_image_without_consent: "Imagem íntima sem consentimento",
  scam: "Golpe",
  spam_or_wrong_category: "Spam ou categoria errada",
  other: "Outro",
};

/**
 * Urgent categories: the case goes to the top of the queue and every admin is e-mailed. They hide the profile
 * before review only when independent reports agree (the setting below, decision 057), never one alone.
 */
export const URGENT_REPORT_CATEGORIES: readonly ReportCategory[] = ["minor_or_exploitation", "trafficking_or_coercion"];

/** Label of a stored category; an unknown value is shown as it is. */
export function reportCategoryLabel(category: string): string {
  return REPORT_CATEGORY_LABELS[category as ReportCategory] ?? category;
}

/** Who sends an identified notice (art. 29 of ECA Digital). */
export const NOTIFIER_ROLES = ["self", "legal_representative", "public_prosecutor", "protection_entity"] as const;
export type NotifierRole = (typeof NOTIFIER_ROLES)[number];
export const NOTIFIER_ROLE_LABELS: Record<NotifierRole, string> = {
  self: "A própria pessoa",
  legal_representative: "Representante legal",
  public_prosecutor: "Ministério Público",
  protection_entity: "Entidade de proteção",
};

export { REPORT_RECEIVED_MESSAGE } from "./report-received-plain";

export const REPORT_TEXT_MAX = 1000;
export const REPORT_CONTACT_MAX = 200;
export const NOTICE_REASON_MIN = 10;
export const NOTICE_REASON_MAX = 4000;
export const NOTICE_URL_MAX = 2000;
export const DECISION_REASON_MIN = 5;
export const DECISION_REASON_MAX = 2000;
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 4000;

/** The admin's actions on a case, mildest first. */
export const MODERATION_ACTIONS = ["archive", "hide_photo", "hide_profile", "suspend", "ban"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  archive: "Arquivar (sem violação)",
  hide_photo: "Ocultar a foto",
  hide_profile: "Ocultar o perfil",
  suspend: "Suspender a conta",
  ban: "Banir a conta",
};
/** The decision as the model reads it. */
export const MODERATION_DECISION_LABELS: Record<ModerationAction, string> = {
  archive: "Denúncia arquivada",
  hide_photo: "Foto ocultada",
  hide_profile: "Perfil ocultado",
  suspend: "Conta suspensa",
  ban: "Conta banida",
};

/** A model's moderation state: none, held (a report awaits review), hidden, suspended, banned. */
export const MODERATION_STATUSES = ["none", "held", "hidden", "suspended", "banned"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  none: "Sem restrição",
  held: "Oculto para análise de denúncia",
  hidden: "Perfil ocultado pela moderação",
  suspended: "Conta suspensa",
  banned: "Conta banida",
};

export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  upheld: "Decisão mantida",
  reversed: "Decisão revertida",
};

/**
 * The setting moderation_auto_hide_reports: how many urgent reports from distinct networks (each from its own
 * age-passed browser), within 24 hours, hide a profile before review. Seeded with the default; a value out of
 * range counts as the default.
 */
export const AUTO_HIDE_SETTING = "moderation_auto_hide_reports";
export const AUTO_HIDE_REPORTERS_DEFAULT = 3;
export const AUTO_HIDE_REPORTERS_MIN = 2;
export const AUTO_HIDE_REPORTERS_MAX = 50;

/** The hours within which urgent reports must agree to hide a profile before review. */
export const AUTO_HIDE_WINDOW_HOURS = 24;

/** The one-click decision of an admin who finds the reports that hid a profile false. */
export const RESTORE_FALSE_REPORTS_LABEL = "Restaurar (denúncias falsas)";
export const RESTORE_FALSE_REPORTS_REASON = "Denúncias falsas: perfil restaurado.";

/** The state of an identified notice, as its sender reads it through her e-mail link. */
/** received: not confirmed yet; in_review: confirmed, awaiting a decision; decided: an admin answered. */
export const NOTICE_STATES = ["received", "in_review", "decided"] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
export const NOTICE_STATE_LABELS: Record<NoticeState, string> = {
  received: "Recebida",
  in_review: "Em análise",
  decided: "Decidida",
};
export const NOTICE_CONFIRMED_MESSAGE = "E-mail confirmado. Sua denúncia será analisada com prioridade.";
export const NOTICE_LINK_INVALID = "Link inválido. Confira se copiou o endereço inteiro do e-mail.";
export const NOTICE_LINK_EXPIRED = "Este link expirou: envie a denúncia de novo pelo formulário.";
export const NOTICE_ALREADY_CONFIRMED = "Esta denúncia já foi confirmada.";
