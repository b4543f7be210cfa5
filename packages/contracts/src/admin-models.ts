import { z } from "zod";
import { AdminPageQuerySchema, ChartSliceSchema, DateOnlySchema } from "./admin";
import { IdSchema, PaginationSchema } from "./common";
import {
  AgeSchema,
  CategoryIdSchema,
  EmailSchema,
  EstadoIdSchema,
  MunicipioIdSchema,
  PasswordSchema,
  PersonNameSchema,
  UsernameSchema,
} from "./fields";
import { MONEY_MAX, parseMoney } from "./money";
import { PaymentRecordStatusSchema, PaymentStatusSchema } from "./statuses";
import { onlyDigits } from "./text";

/** The back-office's model management: /api/admin/models…, /api/admin/model-payments…, direct login. */

// ---- GET /api/admin/models?page&limit&state&city_id&category_id&q ------------------------------------------------

export const AdminModelsQuerySchema = AdminPageQuerySchema.extend({
  /** Two-letter state code ("SP"). */
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Estado inválido")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  city_id: IdSchema.optional(),
  category_id: IdSchema.optional(),
  /** Searches name, e-mail and phone/WhatsApp (digits). */
  q: z.string().trim().max(100).optional(),
});
export type AdminModelsQuery = z.input<typeof AdminModelsQuerySchema>;

export const AdminModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  city_id: z.number(),
  city_name: z.string(),
  state: z.string(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  /** "YYYY-MM-DD"; null: never paid. The plan is valid while today (São Paulo) is before it. */
  next_due_date: z.string().nullable(),
  payment_status: PaymentStatusSchema,
  is_active: z.boolean(),
  is_verified: z.boolean(),
  /** Active, plan valid: the public sees the model. */
  is_visible: z.boolean(),
  /** She paused her ad ("Pausado"): hidden from the public until she resumes it; her plan keeps running. */
  is_paused: z.boolean(),
  views_count: z.number().int(),
  contact_count: z.number().int(),
  created_at: z.string(),
});
export type AdminModel = z.infer<typeof AdminModelSchema>;
export const AdminModelsResponseSchema = z.object({ models: z.array(AdminModelSchema), pagination: PaginationSchema });
export type AdminModelsResponse = z.infer<typeof AdminModelsResponseSchema>;
export const AdminModelResponseSchema = z.object({ model: AdminModelSchema });
export type AdminModelResponse = z.infer<typeof AdminModelResponseSchema>;

/** GET /api/admin/models/charts: the four charts of the models page, over every (non-deleted) model. */
export const AdminModelChartsResponseSchema = z.object({
  /** The 10 most viewed. */
  top_views: z.array(z.object({ id: z.number(), name: z.string(), views: z.number().int() })),
  by_city: z.array(ChartSliceSchema),
  by_category: z.array(ChartSliceSchema),
  /** Registrations per day over the last 90 days (São Paulo days, zeros included). */
  registrations: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminModelChartsResponse = z.infer<typeof AdminModelChartsResponseSchema>;

// ---- PATCH /api/admin/models/{id}/status, /plan; POST /api/admin/models ---------------------------------------

/**
 * is_active and is_verified change independently. Activating a model whose next_due_date is today or earlier (or
 * unset) answers 409 MODEL_OVERDUE: the screen then offers a payment first.
 */
export const AdminModelStatusBodySchema = z
  .object({ is_active: z.boolean().optional(), is_verified: z.boolean().optional() })
  .refine((b) => b.is_active !== undefined || b.is_verified !== undefined, {
    message: "Informe is_active ou is_verified",
    path: ["is_active"],
  });
export type AdminModelStatusBody = z.infer<typeof AdminModelStatusBodySchema>;

/** null detaches the plan. */
export const AdminModelPlanBodySchema = z.object({ plan_id: IdSchema.nullable() });
export type AdminModelPlanBody = z.infer<typeof AdminModelPlanBodySchema>;

/** The register-model modal: every field required, age 18 to 100, WhatsApp with area code. */
export const AdminRegisterModelBodySchema = z.object({
  username: UsernameSchema,
  name: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  age: AgeSchema,
  estado_id: EstadoIdSchema,
  municipio_id: MunicipioIdSchema,
  category_id: CategoryIdSchema,
  whatsapp: z
    .string({ error: "WhatsApp é obrigatório" })
    .trim()
    .transform(onlyDigits)
    .refine((d) => d.length >= 10 && d.length <= 13, { message: "WhatsApp inválido: use DDD e número" }),
});
export type AdminRegisterModelBody = z.input<typeof AdminRegisterModelBodySchema>;

// ---- Model payments ------------------------------------------------------------------------------------------

/** How an admin records a payment: cash, a payment link (Mercado Pago) or a Pix BR Code (labels: paymentMethodLabel). */
export const ADMIN_PAYMENT_METHODS = ["cash", "mercadopago", "pix_emv"] as const;
export const AdminPaymentMethodSchema = z.enum(ADMIN_PAYMENT_METHODS, { error: "Forma de pagamento inválida" });
export type AdminPaymentMethod = z.infer<typeof AdminPaymentMethodSchema>;

export const INVALID_AMOUNT_MESSAGE = "Valor inválido. Use números (ex.: 59.90)";
/** An amount in reais typed by an admin: "59,90" or "59.90" or a number; greater than 0, two decimals. */
export const AdminAmountSchema = z.preprocess(
  (v) => {
    if (typeof v === "number") return v;
    if (typeof v !== "string") return v;
    const cents = parseMoney(v);
    return cents === null ? Number.NaN : cents / 100;
  },
  z
    .number({ error: INVALID_AMOUNT_MESSAGE })
    .refine((n) => Number.isFinite(n) && n > 0, { message: INVALID_AMOUNT_MESSAGE })
    .refine((n) => n <= MONEY_MAX, { message: "Valor muito alto" })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: INVALID_AMOUNT_MESSAGE }),
);

export const ModelPaymentSchema = z.object({
  id: z.number(),
  model_id: z.number().nullable(),
  status: PaymentRecordStatusSchema,
  created_at: z.string(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  /** reais */
  amount: z.number(),
  method: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  payment_link: z.string().nullable(),
  payment_id: z.string().nullable(),
  pix_txid: z.string().nullable(),
  pix_payload: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** Something for the admin to look at (amount_mismatch, refunded, charged_back, duplicate), else null. */
  flag: z.string().nullable(),
});
export type ModelPayment = z.infer<typeof ModelPaymentSchema>;

/**
 * GET /api/admin/models/{id}/payments: every payment of the model, newest first, and what the new-payment form
 * needs to propose a due date (today in São Paulo and the model's current next_due_date and plan).
 */
export const ModelPaymentsResponseSchema = z.object({
  payments: z.array(ModelPaymentSchema),
  model: z.object({
    id: z.number(),
    name: z.string(),
    next_due_date: z.string().nullable(),
    plan_id: z.number().nullable(),
  }),
  today: z.string(),
});
export type ModelPaymentsResponse = z.infer<typeof ModelPaymentsResponseSchema>;

/**
 * POST /api/admin/models/{id}/payments. status defaults to "paid" for cash and "pending" for a link or a Pix code
 * (those are paid when the money arrives). A paid payment moves the model's next_due_date to the later of its
 * current value and due_date. Choosing a plan also attaches it to the model. `activate` (the overdue modal's
 * quick payment, which must be paid) also activates the model, in the same transaction: refused with 409
 * MODEL_OVERDUE, and nothing recorded, when her plan would still not be valid.
 */
export const CreateModelPaymentBodySchema = z.object({
  amount: AdminAmountSchema,
  plan_id: IdSchema.nullish(),
  method: AdminPaymentMethodSchema,
  description: z.string().trim().max(200).optional().default(""),
  due_date: DateOnlySchema,
  status: z.enum(["pending", "paid"]).optional(),
  payment_link: z.string().trim().max(500).nullish(),
  payment_id: z.string().trim().max(100).nullish(),
  pix_txid: z.string().trim().max(35).nullish(),
  pix_payload: z.string().trim().max(600).nullish(),
  activate: z.boolean().optional(),
});
export type CreateModelPaymentBody = z.input<typeof CreateModelPaymentBodySchema>;

/**
 * The header of POST /api/admin/models/{id}/payments naming one payment the admin means to record: a random id
 * (a UUID) the new-payment and quick-payment forms draw when they open. A repeat with the same key from the same
 * admin records nothing and answers the payment the first recorded (201, the same body); the same key with
 * another request is 409. Without the header every request records a payment.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Chave de idempotência inválida: de 8 a 100 letras, números, - ou _");
export const IDEMPOTENCY_KEY_REUSED =
  "Este formulário já registrou outro pagamento. Feche-o e abra de novo para registrar mais um.";
export const ModelPaymentResponseSchema = z.object({ payment: ModelPaymentSchema });
export type ModelPaymentResponse = z.infer<typeof ModelPaymentResponseSchema>;

/**
 * PATCH /api/admin/model-payments/{id}/status ("Marcar como pago" in the model's details). Becoming paid applies
 * the payment once (the model's due date and plan, never her activation); paid_at defaults to now.
 */
export const ModelPaymentStatusBodySchema = z.object({
  status: PaymentRecordStatusSchema,
  paid_at: z.iso.datetime({ offset: true, error: "Data inválida" }).nullish(),
});
export type ModelPaymentStatusBody = z.infer<typeof ModelPaymentStatusBodySchema>;

// ---- Direct login ---------------------------------------------------------------------------------------------

/** GET /api/admin/direct-login-token/{modelId}: a single-use token, valid 5 minutes, for {origin}/login?token=… */
export const DirectLoginTokenResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  expires_at: z.string(),
});
export type DirectLoginTokenResponse = z.infer<typeof DirectLoginTokenResponseSchema>;
/** POST /api/auth/model/direct-login: exchanges the token once for a normal model session. */
export const DirectLoginBodySchema = z.object({ token: z.string().trim().min(1).max(200) });
export type DirectLoginBody = z.infer<typeof DirectLoginBodySchema>;
export const DIRECT_LOGIN_INVALID = "Token de login direto inválido ou expirado";

export const ModelIdParamsSchema = z.object({ modelId: IdSchema });
