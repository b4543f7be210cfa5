import { z } from "zod";
import { EmailSchema, PasswordSchema } from "./fields";
import { EMAIL_MAX, PASSWORD_MAX } from "./limits";
import { ReportCategorySchema } from "./moderation";

/**
 * Trusted notifiers (decision 061): organisations the admin registers whose urgent report holds a profile at once.
 * Each has its own sign-in at /notificador/entrar and reports at /notificador.
 */
export const TRUSTED_NOTIFIER_KINDS = [
  "safernet",
  "conselho_tutelar",
  "ministerio_publico",
  "policia",
  "defensoria",
  "outra",
] as const;
export type TrustedNotifierKind = (typeof TRUSTED_NOTIFIER_KINDS)[number];
export const TRUSTED_NOTIFIER_KIND_LABELS: Record<TrustedNotifierKind, string> = {
  safernet: "SaferNet",
  conselho_tutelar: "Conselho Tutelar",
  ministerio_publico: "Ministério Público",
  policia: "Polícia",
  defensoria: "Defensoria Pública",
  outra: "Outra organização",
};

/** invited: the link to set a password was sent; active: signs in and reports; revoked: refused everywhere. */
export const TRUSTED_NOTIFIER_STATUSES = ["invited", "active", "revoked"] as const;
export type TrustedNotifierStatus = (typeof TRUSTED_NOTIFIER_STATUSES)[number];
export const TRUSTED_NOTIFIER_STATUS_LABELS: Record<TrustedNotifierStatus, string> = {
  invited: "Convite enviado",
  active: "Ativo",
  revoked: "Revogado",
};

export const TRUSTED_NOTIFIER_NAME_MAX = 120;
export const TRUSTED_REPORT_TEXT_MIN = 10;
export const TRUSTED_REPORT_TEXT_MAX = 2000;
export const TRUSTED_PROFILE_REF_MAX = 500;
/** How long the e-mailed link that sets a notifier's password works. */
export const TRUSTED_NOTIFIER_LINK_DAYS = 7;

export const TRUSTED_NOTIFIER_LINK_INVALID =
  "Este link não vale mais: ele expirou ou já foi usado. Peça um novo convite à administração.";
export const TRUSTED_NOTIFIER_EMAIL_TAKEN = "Já existe um notificador com este e-mail";
export const TRUSTED_NOTIFIER_REVOKED = "Este notificador foi revogado";
export const TRUSTED_NOTIFIER_ONLY = "Acesso restrito a notificadores confiáveis";
export const TRUSTED_PROFILE_NOT_FOUND =
  "Perfil não encontrado: informe o endereço público do anúncio ou o número dele";

const TrustedNotifierKindSchema = z.enum(TRUSTED_NOTIFIER_KINDS, { error: "Escolha o tipo de organização" });

/** POST /api/admin/trusted-notifiers: the organisation, its kind and the e-mail its sign-in belongs to. */
export const CreateTrustedNotifierBodySchema = z.object({
  name: z
    .string({ error: "Nome da organização é obrigatório" })
    .trim()
    .min(2, "Nome da organização: escreva pelo menos 2 caracteres")
    .max(TRUSTED_NOTIFIER_NAME_MAX, `Nome da organização: no máximo ${TRUSTED_NOTIFIER_NAME_MAX} caracteres`),
  kind: TrustedNotifierKindSchema,
  email: EmailSchema,
});
export type CreateTrustedNotifierBody = z.input<typeof CreateTrustedNotifierBodySchema>;

export const TrustedNotifierSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(TRUSTED_NOTIFIER_KINDS),
  email: z.string(),
  status: z.enum(TRUSTED_NOTIFIER_STATUSES),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_report_at: z.string().nullable(),
  reports: z.number(),
});
export type TrustedNotifier = z.infer<typeof TrustedNotifierSchema>;

export const TrustedNotifiersResponseSchema = z.object({ notifiers: z.array(TrustedNotifierSchema) });
export type TrustedNotifiersResponse = z.infer<typeof TrustedNotifiersResponseSchema>;
export const TrustedNotifierResponseSchema = z.object({ notifier: TrustedNotifierSchema });

const NotifierLinkTokenSchema = z
  .string({ error: "Link inválido" })
  .trim()
  .min(1, "Link inválido")
  .max(200, "Link inválido")
  .regex(/^[A-Za-z0-9_-]+$/, "Link inválido");

/** POST /api/notifier/password: the e-mailed link's token and the password the organisation chooses. */
export const NotifierSetPasswordBodySchema = z.object({ token: NotifierLinkTokenSchema, password: PasswordSchema });
export type NotifierSetPasswordBody = z.input<typeof NotifierSetPasswordBodySchema>;

/** POST /api/notifier/login. */
export const NotifierLoginBodySchema = z.object({
  email: z.string({ error: "E-mail é obrigatório" }).trim().toLowerCase().min(1, "E-mail é obrigatório").max(EMAIL_MAX),
  password: z.string({ error: "Senha é obrigatória" }).min(1, "Senha é obrigatória").max(PASSWORD_MAX),
});
export type NotifierLoginBody = z.input<typeof NotifierLoginBodySchema>;

export const NotifierAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(TRUSTED_NOTIFIER_KINDS),
  email: z.string(),
});
export type NotifierAccount = z.infer<typeof NotifierAccountSchema>;
export const NotifierSessionResponseSchema = z.object({ token: z.string(), notifier: NotifierAccountSchema });
export type NotifierSessionResponse = z.infer<typeof NotifierSessionResponseSchema>;
export const NotifierMeResponseSchema = z.object({ notifier: NotifierAccountSchema });

/** POST /api/notifier/reports: the profile (its public address or its number), the category and what was seen. */
export const NotifierReportBodySchema = z.object({
  profile: z
    .string({ error: "Informe o perfil" })
    .trim()
    .min(1, "Informe o endereço público do perfil ou o número do anúncio")
    .max(TRUSTED_PROFILE_REF_MAX, "Endereço muito longo"),
  category: ReportCategorySchema,
  description: z
    .string({ error: "Descreva o que foi encontrado" })
    .trim()
    .min(TRUSTED_REPORT_TEXT_MIN, `Descrição: escreva pelo menos ${TRUSTED_REPORT_TEXT_MIN} caracteres`)
    .max(TRUSTED_REPORT_TEXT_MAX, `Descrição: no máximo ${TRUSTED_REPORT_TEXT_MAX} caracteres`),
});
export type NotifierReportBody = z.input<typeof NotifierReportBodySchema>;

/** held: the profile is hidden until a person decides; in_review: waiting for a person; decided. */
export const NotifierReportSchema = z.object({
  id: z.number(),
  model_id: z.number().nullable(),
  category: z.string(),
  text: z.string(),
  state: z.enum(["held", "in_review", "decided"]),
  decision: z.string().nullable(),
  created_at: z.string(),
});
export type NotifierReport = z.infer<typeof NotifierReportSchema>;
export const NotifierReportsResponseSchema = z.object({ reports: z.array(NotifierReportSchema) });
export type NotifierReportsResponse = z.infer<typeof NotifierReportsResponseSchema>;
export const NotifierReportResponseSchema = z.object({
  report: NotifierReportSchema,
  message: z.string(),
});
