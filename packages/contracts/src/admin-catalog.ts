import { z } from "zod";
import { AdminPageQuerySchema, ChartSliceSchema, DailySalesSchema, DateOnlySchema } from "./admin";
import { AdminUserSchema } from "./auth";
import { IdSchema, PaginationSchema } from "./common";
import { CurrentPasswordSchema, EmailSchema, PasswordSchema } from "./fields";
import { MoneyInputSchema } from "./money";
import { PeriodTypeSchema, PlanPaymentMethodSchema } from "./plans";
import { OrderStatusSchema } from "./statuses";

/** The back-office's orders, plans, settings and admin-account calls. */

// ---- Orders: GET /api/admin/orders?page&limit&status&from&to, PATCH /api/admin/orders/{id}/status --------------

export const AdminOrdersQuerySchema = AdminPageQuerySchema.extend({
  status: OrderStatusSchema.optional(),
  /** São Paulo days, inclusive. */
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.number(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  model_id: z.number().nullable(),
  model_name: z.string().nullable(),
  /** reais */
  amount: z.number(),
  status: OrderStatusSchema,
  method: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Something for the admin to look at (amount_mismatch, refunded, charged_back, duplicate), else null. */
  flag: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrdersResponseSchema = z.object({ orders: z.array(AdminOrderSchema), pagination: PaginationSchema });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;
export const AdminOrderResponseSchema = z.object({ order: AdminOrderSchema });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

/** Manual Pix orders are confirmed (paid, which sets paid_at) or cancelled by hand. */
export const AdminOrderStatusBodySchema = z.object({
  status: z.enum(["paid", "cancelled"], { error: "Use paid ou cancelled" }),
});
export type AdminOrderStatusBody = z.infer<typeof AdminOrderStatusBodySchema>;

/** GET /api/admin/orders/charts?days: sales per day and orders by status over the period (default 30 days). */
export const AdminOrderChartsResponseSchema = z.object({
  sales_per_day: z.array(DailySalesSchema),
  by_status: z.array(ChartSliceSchema),
});
export type AdminOrderChartsResponse = z.infer<typeof AdminOrderChartsResponseSchema>;

// ---- Plans ----------------------------------------------------------------------------------------------------

export const AdminPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** reais */
  price: z.number(),
  period_type: PeriodTypeSchema,
  highlight: z.boolean(),
  payment_methods: z.array(PlanPaymentMethodSchema),
  active: z.boolean(),
  created_at: z.string(),
  /** Models whose plan this is. */
  models_count: z.number().int(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
export const AdminPlansResponseSchema = z.object({ plans: z.array(AdminPlanSchema) });
export type AdminPlansResponse = z.infer<typeof AdminPlansResponseSchema>;
export const AdminPlanResponseSchema = z.object({ plan: AdminPlanSchema });
export type AdminPlanResponse = z.infer<typeof AdminPlanResponseSchema>;

/** POST /api/admin/plans and PUT /api/admin/plans/{id}. A new plan is weekly and active unless told otherwise. */
export const PlanBodySchema = z.object({
  name: z.string({ error: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório").max(80, "Nome muito longo"),
  price: MoneyInputSchema.refine((v) => v > 0, { message: "Preço é obrigatório" }),
  period_type: PeriodTypeSchema.default("weekly"),
  highlight: z.boolean().default(false),
  /** May arrive as "pix,cartao". */
  payment_methods: z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((m) => m.trim())
              .filter(Boolean)
          : v,
      z.array(PlanPaymentMethodSchema).max(3),
    )
    .transform((list) => [...new Set(list)])
    .default(["pix", "cartao", "boleto"]),
  active: z.boolean().default(true),
});
export type PlanBody = z.input<typeof PlanBodySchema>;
export const PlanStatusBodySchema = z.object({ active: z.boolean({ error: "Informe active" }) });
/** DELETE /api/admin/plans/{id}?force=true unlinks the plan from models and payments and keeps the records. */
export const DeletePlanQuerySchema = z.object({ force: z.enum(["true", "false", "1", "0"]).optional() });
/** GET /api/admin/plans/distribution: models per plan (slices named by plan; "Sem plano" for none). */
export const PlanDistributionResponseSchema = z.object({ planDist: z.array(ChartSliceSchema) });
export type PlanDistributionResponse = z.infer<typeof PlanDistributionResponseSchema>;

// ---- Settings -------------------------------------------------------------------------------------------------

/** Settings whose values are never sent back: the API shows them masked ("••••1234"), and they are write-only. */
export const SECRET_SETTING_KEYS = [
  "mp_access_token_prod",
  "mp_access_token_test",
  "mp_access_token",
  "mp_public_key_prod",
  "mp_public_key_test",
  "mp_public_key",
  "mp_webhook_secret",
] as const;
/**
 * A free key the admin marks as secret by its name: ending in _secret, _token, _password, _senha or _api_key
 * ("crm_api_token", "smtp_password"). It is then masked and write-only like the Mercado Pago keys.
 */
export const SECRET_SETTING_NAME = /_(?:secret|token|password|senha|api_key)$/;

export const isSecretSetting = (key: string) =>
  (SECRET_SETTING_KEYS as readonly string[]).includes(key) || SECRET_SETTING_NAME.test(key);

/**
 * A secret's masked form: four dots and its last four characters ("••••1234"), or only the dots for a secret shorter
 * than 12 characters, whose last four would give away too much of it; an empty secret stays empty.
 */
export function maskSecret(value: string): string {
  if (!value) return "";
  return value.length >= 12 ? `••••${value.slice(-4)}` : "••••";
}

export const AdminSettingSchema = z.object({
  id: z.number(),
  setting_key: z.string(),
  /** Masked for secrets. */
  setting_value: z.string(),
  is_secret: z.boolean(),
});
export type AdminSetting = z.infer<typeof AdminSettingSchema>;
export const AdminSettingsResponseSchema = z.object({ settings: z.array(AdminSettingSchema) });
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponseSchema>;
export const AdminSettingResponseSchema = z.object({ setting: AdminSettingSchema });
export type AdminSettingResponse = z.infer<typeof AdminSettingResponseSchema>;

/** PUT /api/admin/settings/{id}: the new value (checked per key: Pix keys, e-mails, URLs, booleans, environment). */
export const UpdateSettingBodySchema = z.object({
  value: z.string({ error: "Valor é obrigatório" }).max(2000, "Valor muito longo"),
});
export type UpdateSettingBody = z.infer<typeof UpdateSettingBodySchema>;
/** POST /api/admin/settings: a free key/value row. */
export const CreateSettingBodySchema = z.object({
  setting_key: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, "Use letras minúsculas, números e _ (ex.: minha_chave)"),
  setting_value: z.string().max(2000, "Valor muito longo").default(""),
});
export type CreateSettingBody = z.input<typeof CreateSettingBodySchema>;

// ---- The signed-in admin's own login: PUT /api/admin/account ----------------------------------------------------

/** Changes the admin's e-mail and/or password; the current password is required. Ends the admin's other sessions. */
export const AdminAccountBodySchema = z
  .object({
    current_password: CurrentPasswordSchema,
    email: EmailSchema.optional(),
    new_password: PasswordSchema.optional(),
  })
  .refine((b) => b.email !== undefined || b.new_password !== undefined, {
    message: "Informe um novo e-mail ou uma nova senha",
    path: ["email"],
  });
export type AdminAccountBody = z.input<typeof AdminAccountBodySchema>;
export const AdminAccountResponseSchema = z.object({
  token: z.string(),
  user: AdminUserSchema,
});
export type AdminAccountResponse = z.infer<typeof AdminAccountResponseSchema>;

export const AdminIdParamsSchema = z.object({ id: IdSchema });
