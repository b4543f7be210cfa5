import { z } from "zod";
import { IdSchema, PaginationSchema } from "./common";
import { cleanPlainText, EmailSchema, PersonNameSchema } from "./fields";
import {
  APPEAL_OUTCOMES,
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  DECISION_REASON_MAX,
  DECISION_REASON_MIN,
  MODERATION_ACTIONS,
  MODERATION_STATUSES,
  NOTICE_REASON_MAX,
  NOTICE_STATES,
  NOTICE_REASON_MIN,
  NOTICE_URL_MAX,
  NOTIFIER_ROLES,
  REPORT_CATEGORIES,
  REPORT_CONTACT_MAX,
  REPORT_TEXT_MAX,
} from "./moderation-plain";

export * from "./moderation-plain";

export const ReportCategorySchema = z.enum(REPORT_CATEGORIES, { error: "Escolha o motivo da denúncia" });
export const NotifierRoleSchema = z.enum(NOTIFIER_ROLES, { error: "Diga quem envia a notificação" });
export const ModerationActionSchema = z.enum(MODERATION_ACTIONS, { error: "Ação inválida" });
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES);
export const AppealOutcomeSchema = z.enum(APPEAL_OUTCOMES, { error: "Escolha manter ou reverter a decisão" });

/** Free text, cleaned and trimmed, between `min` and `max` characters (absent or null: ""). */
function text(label: string, max: number, min = 0) {
  return z
    .preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: `${label}: texto inválido` }))
    .transform((v) => cleanPlainText(v).trim())
    .pipe(
      z
        .string()
        .min(min, min > 0 ? `${label}: escreva pelo menos ${min} caracteres` : undefined)
        .max(max, `${label}: no máximo ${max} caracteres`),
    );
}

/** POST /api/reports: a visitor's report of a profile (photo_id absent) or of one of its photos. */
export const ReportBodySchema = z.object({
  model_id: IdSchema,
  photo_id: IdSchema.nullish(),
  category: ReportCategorySchema,
  text: text("Detalhes", REPORT_TEXT_MAX),
  contact: text("Contato", REPORT_CONTACT_MAX),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

/** POST /api/reports/notice: an identified notice (art. 29 of ECA Digital), never anonymous. */
export const NoticeBodySchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  role: NotifierRoleSchema,
  url: z
    .string({ error: "Informe o endereço (URL) do conteúdo" })
    .trim()
    .min(1, "Informe o endereço (URL) do conteúdo")
    .max(NOTICE_URL_MAX, "Endereço muito longo")
    .pipe(z.url({ protocol: /^https?$/, error: "Informe um endereço http(s) válido" })),
  category: ReportCategorySchema,
  reason: text("Motivo", NOTICE_REASON_MAX, NOTICE_REASON_MIN),
});
export type NoticeBody = z.input<typeof NoticeBodySchema>;

export const ReportResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

/** GET /api/admin/moderation/cases: the queue (open), the appeals to decide (appealed) or the decided (closed). */
export const ModerationQueueQuerySchema = z.object({
  status: z.enum(["open", "appealed", "closed"], { error: "Situação inválida" }).default("open"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuerySchema>;

const CaseModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  moderation_status: z.string(),
  photos_frozen: z.boolean(),
  deleted: z.boolean(),
});

export const ModerationCaseSummarySchema = z.object({
  id: z.number(),
  kind: z.string(),
  priority: z.number(),
  status: z.string(),
  model: CaseModelSchema.nullable(),
  photo_id: z.number().nullable(),
  /** The categories reported, most reported first. */
  categories: z.array(z.string()),
  reports_count: z.number(),
  detail: z.string(),
  auto_hidden: z.boolean(),
  decision: z.string().nullable(),
  created_at: z.string(),
  last_report_at: z.string(),
  appealed_at: z.string().nullable(),
});
export type ModerationCaseSummary = z.infer<typeof ModerationCaseSummarySchema>;

/** Open urgent cases and when the oldest began to wait (null: none): the admin's red badge and card. */
export const UrgentSummarySchema = z.object({ urgent_open: z.number(), urgent_oldest_at: z.string().nullable() });
export type UrgentSummary = z.infer<typeof UrgentSummarySchema>;

export const ModerationQueueResponseSchema = z.object({
  cases: z.array(ModerationCaseSummarySchema),
  pagination: PaginationSchema,
  ...UrgentSummarySchema.shape,
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponseSchema>;

export const ModerationReportSchema = z.object({
  id: z.number(),
  category: z.string(),
  text: z.string(),
  contact: z.string(),
  source: z.string(),
  /** Whether the report weighs towards hiding the profile before review (decision 057). */
  weighs: z.boolean(),
  /** Whether the reporter's browser held a valid age pass. */
  age_passed: z.boolean(),
  /** A notice: whether its sender confirmed her e-mail (null for a visitor's report). */
  confirmed: z.boolean().nullable(),
  notifier_name: z.string().nullable(),
  notifier_email: z.string().nullable(),
  notifier_role: z.string().nullable(),
  url: z.string().nullable(),
  created_at: z.string(),
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;

/** One of her photos as the admin reviewing the case sees it (a URL signed like the owner's). */
export const ModerationPhotoSchema = z.object({
  id: z.number(),
  url: z.string(),
  is_public: z.boolean(),
  is_primary: z.boolean(),
  moderation_hidden: z.boolean(),
  reported: z.boolean(),
});

/** A decision as recorded, for the case itself and for the model's earlier cases. */
const DecisionFieldsSchema = z.object({
  decision: z.string().nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  legal_hold: z.boolean(),
  appeal_text: z.string().nullable(),
  appealed_at: z.string().nullable(),
  appeal_outcome: z.string().nullable(),
  appeal_reason: z.string().nullable(),
  appeal_decided_at: z.string().nullable(),
});

export const ModerationCaseDetailSchema = ModerationCaseSummarySchema.extend({
  ...DecisionFieldsSchema.shape,
  reports: z.array(ModerationReportSchema),
  photos: z.array(ModerationPhotoSchema),
  /** Her earlier and other cases, newest first. */
  history: z.array(
    DecisionFieldsSchema.extend({
      id: z.number(),
      kind: z.string(),
      status: z.string(),
      photo_id: z.number().nullable(),
      categories: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
  evidence: z.array(
    z.object({ id: z.number(), photo_id: z.number().nullable(), sha256: z.string(), held_until: z.string() }),
  ),
});
export type ModerationCaseDetail = z.infer<typeof ModerationCaseDetailSchema>;
export const ModerationCaseResponseSchema = z.object({ case: ModerationCaseDetailSchema });
export type ModerationCaseResponse = z.infer<typeof ModerationCaseResponseSchema>;

/**
 * POST /api/admin/moderation/cases/:id/decision. hide_photo names the photo (default: the reported one);
 * legal_hold removes her photos (that one, or all for a profile action) as exploitation: kept encrypted as evidence.
 */
export const ModerationDecisionBodySchema = z.object({
  action: ModerationActionSchema,
  reason: text("Motivo", DECISION_REASON_MAX, DECISION_REASON_MIN),
  photo_id: IdSchema.nullish(),
  legal_hold: z.boolean({ error: "legal_hold deve ser true ou false" }).default(false),
  /**
   * With archive only: the reports were false ("Restaurar (denúncias falsas)"). Her hold ends, she is told, and
   * the reporters' networks weigh nothing for a while.
   */
  false_reports: z.boolean({ error: "false_reports deve ser true ou false" }).default(false),
});
export type ModerationDecisionBody = z.input<typeof ModerationDecisionBodySchema>;

/** POST /api/admin/moderation/cases/:id/appeal-decision. */
export const AppealDecisionBodySchema = z.object({
  outcome: AppealOutcomeSchema,
  reason: text("Motivo", DECISION_REASON_MAX, DECISION_REASON_MIN),
});
export type AppealDecisionBody = z.input<typeof AppealDecisionBodySchema>;

/** POST /api/models/moderation/cases/:id/appeal: her one appeal, in writing. */
export const AppealBodySchema = z.object({ text: text("Recurso", APPEAL_TEXT_MAX, APPEAL_TEXT_MIN) });
export type AppealBody = z.input<typeof AppealBodySchema>;

/** A decision about her as the model reads it (what was reported is not told: only what was decided, and why). */
export const OwnModerationCaseSchema = DecisionFieldsSchema.omit({ decided_by: true, legal_hold: true }).extend({
  id: z.number(),
  photo_id: z.number().nullable(),
  can_appeal: z.boolean(),
});
export type OwnModerationCase = z.infer<typeof OwnModerationCaseSchema>;

/** GET /api/models/moderation. */
export const OwnModerationResponseSchema = z.object({
  moderation_status: ModerationStatusSchema,
  photos_frozen: z.boolean(),
  /** Why she is hidden before review (reports that agreed): the categories and since when; null otherwise. */
  under_review: z.object({ categories: z.array(z.string()), since: z.string() }).nullable(),
  cases: z.array(OwnModerationCaseSchema),
});
export type OwnModerationResponse = z.infer<typeof OwnModerationResponseSchema>;

/** GET /api/admin/moderation/stats: the transparency counts. */
export const ModerationStatsResponseSchema = z.object({
  reports_by_category: z.array(z.object({ category: z.string(), count: z.number() })),
  notices: z.number(),
  /** Median hours from a case's opening to its first decision; null before any decision. */
  median_hours_to_first_action: z.number().nullable(),
  actions: z.array(z.object({ action: z.string(), count: z.number() })),
  appeals: z.object({ received: z.number(), reversed: z.number() }),
  open_cases: z.number(),
  evidence_held: z.number(),
  ...UrgentSummarySchema.shape,
});
export type ModerationStatsResponse = z.infer<typeof ModerationStatsResponseSchema>;

/** A notice's e-mail link token (256 random bits, base64url). */
export const NoticeTokenSchema = z
  .string({ error: "Link inválido" })
  .trim()
  .min(20, "Link inválido")
  .max(200, "Link inválido")
  .regex(/^[A-Za-z0-9_-]+$/, "Link inválido");

/** GET /api/reports/notice/status?token=…: what the notice's sender may read of it. */
export const NoticeStatusQuerySchema = z.object({ token: NoticeTokenSchema });

/** POST /api/reports/notice/confirm. */
export const NoticeConfirmBodySchema = z.object({ token: NoticeTokenSchema });

export const NoticeStatusResponseSchema = z.object({
  state: z.enum(NOTICE_STATES),
  category: z.string(),
  created_at: z.string(),
  /** Whether the link may still confirm the notice (unconfirmed and not expired). */
  can_confirm: z.boolean(),
  /** The decision, as the model would read it ("Foto ocultada"), once decided. */
  decision: z.string().nullable(),
  /** The admin's answer (the decision's reason), once decided. */
  answer: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type NoticeStatusResponse = z.infer<typeof NoticeStatusResponseSchema>;
