import { z } from "zod";
import { IdSchema, numberFromText, PaginationSchema } from "./common";
import { ADMIN_PAGE_SIZES } from "./limits";

/**
 * Shared pieces of the back-office API (/api/admin/…): table paging, date filters, chart series, and the
 * dashboard, statistics, access-log and audit-log calls.
 */

export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];

const PageSchema = numberFromText("Página inválida").pipe(z.number().int("Página inválida").min(1).max(100_000));
const PageSizeSchema = numberFromText("Tamanho de página inválido").pipe(
  z.literal(ADMIN_PAGE_SIZES, { error: "Use 10, 20 ou 50 linhas por página" }),
);

/** ?page&limit of an admin table (limit 10, 20 or 50; default page 1 of 10 rows). */
export const AdminPageQuerySchema = z.object({
  page: PageSchema.default(1),
  limit: PageSizeSchema.default(10),
});

/** A calendar date "YYYY-MM-DD" (São Paulo days). */
export const DateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida (use AAAA-MM-DD)")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: "Data inválida",
    },
  );

/** One slice of a pie or bar chart. */
export const ChartSliceSchema = z.object({ name: z.string(), value: z.number() });
export type ChartSlice = z.infer<typeof ChartSliceSchema>;

/** Statistics periods in days ("Tudo" is 9999); the default is 30. */
export const STATS_PERIODS = [7, 30, 365, 9999] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = {
  7: "7 dias",
  30: "30 dias",
  365: "Ano",
  9999: "Tudo",
};
export const StatsQuerySchema = z.object({
  days: numberFromText("Período inválido")
    .pipe(z.literal(STATS_PERIODS, { error: "Use 7, 30, 365 ou 9999 dias" }))
    .default(30),
});

// ---- GET /api/admin/dashboard ----------------------------------------------------------------------------------

/** Revenue counts paid orders only; "today" is the São Paulo day. Amounts in reais. */
export const AdminStatsSchema = z.object({
  totalModels: z.number().int(),
  activeModels: z.number().int(),
  verifiedModels: z.number().int(),
  totalOrders: z.number().int(),
  todayOrders: z.number().int(),
  totalRevenue: z.number(),
  todayRevenue: z.number(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const AdminDashboardResponseSchema = z.object({ stats: AdminStatsSchema });
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponseSchema>;

// ---- GET /api/admin/stats?days ---------------------------------------------------------------------------------

export const DailyVisitsSchema = z.object({ date: z.string(), visits: z.number().int() });
/** Orders created that day (all statuses), paid orders and their revenue (reais). */
export const DailySalesSchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  paid_orders: z.number().int(),
  revenue: z.number(),
});
export type DailySales = z.infer<typeof DailySalesSchema>;
export const ModelReachSchema = z.object({
  id: z.number(),
  name: z.string(),
  views: z.number().int(),
  contacts: z.number().int(),
});
export type ModelReach = z.infer<typeof ModelReachSchema>;

/**
 * Everything the statistics page draws, computed over the period: the four cards (visits in the period, models
 * registered in all, orders in the period, revenue of paid orders in the period), visits per day and sales per
 * day (every day of the period, zeros included, at most the last 365), the 10 most viewed models, the 10 cities
 * with most visits, views against contacts for the 30 most viewed models, and categories by visible models.
 */
export const AdminStatsResponseSchema = z.object({
  days: z.number().int(),
  summary: z.object({
    visits: z.number().int(),
    models: z.number().int(),
    orders: z.number().int(),
    revenue: z.number(),
  }),
  visits_per_day: z.array(DailyVisitsSchema),
  sales_per_day: z.array(DailySalesSchema),
  top_models: z.array(ModelReachSchema),
  top_cities: z.array(ChartSliceSchema),
  views_vs_contacts: z.array(ModelReachSchema),
  top_categories: z.array(ChartSliceSchema),
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponseSchema>;

// ---- GET /api/admin/logs?days ----------------------------------------------------------------------------------

export const LogsQuerySchema = z.object({
  days: numberFromText("Período inválido").pipe(z.number().int().min(1).max(9999)).default(30),
});
/** A public page view: when, and in which city (no visitor data is ever stored). At most the newest 5,000. */
export const AccessLogSchema = z.object({ created_at: z.string(), city: z.string().nullable() });
export const AccessLogsResponseSchema = z.object({ logs: z.array(AccessLogSchema) });
export type AccessLogsResponse = z.infer<typeof AccessLogsResponseSchema>;

// ---- GET /api/admin/audit-log ----------------------------------------------------------------------------------

export const AuditLogQuerySchema = AdminPageQuerySchema.extend({
  admin: IdSchema.optional(),
  action: z.string().trim().max(64).optional(),
});
export const AuditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  admin_id: z.number().nullable(),
  actor: z.string(),
  /** e.g. "model.status", "payment.create", "plan.delete", "setting.update", "direct_login.issue". */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema), pagination: PaginationSchema });
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
/** Readable names of the audit actions, for the Auditoria screen. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "model.create": "Modelo cadastrada",
  "model.status": "Status da modelo",
  "model.plan": "Plano da modelo",
  "model.delete": "Modelo excluída",
  "payment.create": "Pagamento criado",
  "payment.status": "Status do pagamento",
  "payment.delete": "Pagamento excluído",
  "payment.link": "Link de pagamento gerado",
  "payment.pix": "PIX gerado",
  "direct_login.issue": "Login direto gerado",
  "direct_login.use": "Login direto usado",
  "order.status": "Status do pedido",
  "plan.create": "Plano criado",
  "plan.update": "Plano editado",
  "plan.status": "Plano ativado/desativado",
  "plan.delete": "Plano excluído",
  "setting.create": "Configuração criada",
  "setting.update": "Configuração alterada",
  "admin.account": "Login do administrador alterado",
  "verification.approve": "Verificação aprovada",
  "verification.reject": "Verificação recusada",
  "verification.resubmit": "Nova foto pedida na verificação",
  "verification.underage": "Verificação: menor de 18, conta congelada",
  "verification.unfreeze": "Conta descongelada",
  "verification.file_view": "Documento de verificação visto",
  "model.data_export": "Modelo baixou seus dados (LGPD)",
  "moderation.decide": "Denúncia decidida",
  "moderation.appeal": "Recurso de denúncia decidido",
  "moderation.evidence_export": "Provas de denúncia exportadas",
  "moderation.auto_hold": "Perfil ocultado por denúncias independentes (antes da revisão)",
  "moderation.auto_hide_photo": "Foto ocultada por notificação confirmada (antes da revisão)",
  "moderation.trusted_hold": "Perfil ocultado por notificador confiável (antes da revisão)",
  "trusted_notifier.create": "Notificador confiável cadastrado",
  "trusted_notifier.invite": "Notificador confiável: convite reenviado",
  "trusted_notifier.revoke": "Notificador confiável revogado",
  "trusted_notifier.password_set": "Notificador confiável definiu a senha",
  "trusted_notifier.sign_in": "Notificador confiável entrou",
  "trusted_notifier.sign_in_failed": "Notificador confiável: entrada recusada",
  "trusted_notifier.report": "Notificador confiável enviou denúncia",
  "two_factor.setup_start": "Aplicativo autenticador: configuração iniciada",
  "two_factor.enable": "Aplicativo autenticador ativado",
  "two_factor.replace": "Aplicativo autenticador trocado",
  "two_factor.remove_app": "Aplicativo autenticador removido",
  "two_factor.recovery_codes": "Novos códigos de recuperação",
  "passkey.add_start": "Chave de acesso: inclusão iniciada",
  "passkey.add": "Chave de acesso adicionada",
  "passkey.remove": "Chave de acesso removida",
  "session.end": "Sessão encerrada",
  "session.end_others": "Outras sessões encerradas",
};

// ---- GET /api/admin/onboarding: the "Primeiros passos" checklist of the dashboard -------------------------------

/** The steps of a new site, in screen order: site name and URL, a Pix key, Mercado Pago, the plans, a model. */
export const ONBOARDING_STEPS = ["site", "contacts", "pix", "mercadopago", "plans", "model"] as const;
export const OnboardingStepSchema = z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() });
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;
export const AdminOnboardingResponseSchema = z.object({ steps: z.array(OnboardingStepSchema) });
export type AdminOnboardingResponse = z.infer<typeof AdminOnboardingResponseSchema>;

// ---- GET /api/admin/jobs: how the scheduled jobs are doing -----------------------------------------------------

/** The dashboard warns about a scheduled job once it has failed this many times in a row. */
export const JOB_FAILURES_TO_WARN = 3;

/**
 * One scheduled job of the server: its Portuguese name and what it does, how often it runs, its last successful
 * run and how long the last run took, the runs failed since the last success, and the last failure's message
 * (never a stack trace). The last run, whatever its result, started at last_started_at and ended at
 * last_finished_at; next_run_at is an interval after that end (the scheduler's own rule), null before any run.
 * Times are ISO.
 */
export const JobHealthSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  interval_ms: z.number().int(),
  last_run_at: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  consecutive_failures: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_result: z.enum(["ok", "failed"]).nullable(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
});
export type JobHealth = z.infer<typeof JobHealthSchema>;
export const AdminJobsResponseSchema = z.object({ jobs: z.array(JobHealthSchema) });
export type AdminJobsResponse = z.infer<typeof AdminJobsResponseSchema>;
