import { z } from "zod";
import { IdSchema } from "./common";
import { EmailSchema, PersonNameSchema } from "./fields";
import { OrderStatusSchema, PaymentRecordStatusSchema } from "./statuses";
import { onlyDigits } from "./text";
import { PHONE_DIGITS_MIN } from "./limits";

/**
 * The payment calls: a model renewing her plan (Checkout Pro or a Mercado Pago Pix), a visitor buying a product
 * (static "PIX Manual" or Pix through Mercado Pago) and the result pages. The server decides every amount from
 * its own records (the plan's or the product's price): an amount a browser sends is ignored.
 */

/** The Portuguese text of a payment that could not be started because the provider failed or is not set up. */
export const PAYMENT_PROVIDER_FAILED =
  "Erro ao processar pagamento. Tente novamente ou entre em contato com o suporte.";

/** The plan a renewal is for: the given active plan, else the highlighted one, else the cheapest active one. */
const RenewalPlanIdSchema = IdSchema.nullish();

/**
 * POST /api/payments/model/subscription (model): a Checkout Pro link for a plan renewal. The model is the caller
 * (model_id is ignored), the price is the plan's (amount is ignored); description and plan_name are ignored too.
 */
export const ModelSubscriptionBodySchema = z.object({
  model_id: z.unknown().optional(),
  amount: z.unknown().optional(),
  description: z.unknown().optional(),
  plan_name: z.unknown().optional(),
  plan_id: RenewalPlanIdSchema,
});
export type ModelSubscriptionBody = z.input<typeof ModelSubscriptionBodySchema>;
export const ModelSubscriptionResponseSchema = z.object({
  init_point: z.string().nullish(),
  /** Mercado Pago no longer serves it; passed on only when it comes. */
  sandbox_init_point: z.string().nullish(),
  preference_id: z.string().nullish(),
  /** Our payment record. */
  payment_id: z.number().optional(),
});
export type ModelSubscriptionResponse = z.infer<typeof ModelSubscriptionResponseSchema>;

/** POST /api/payments/model/pix (model): a Mercado Pago Pix charge for a plan renewal, payable for 30 minutes. */
export const ModelPixBodySchema = z.object({ plan_id: RenewalPlanIdSchema });
export type ModelPixBody = z.input<typeof ModelPixBodySchema>;
export const ModelPixResponseSchema = z.object({
  /** Our payment record: GET /api/payments/model/payments/{payment_id} tells when it is paid. */
  payment_id: z.number(),
  /** PNG data URL of the QR code. */
  qr_code: z.string(),
  /** The copy-and-paste code. */
  qr_code_data: z.string(),
  /** ISO instant after which the code can no longer be paid. */
  expires_at: z.string(),
  /** reais */
  amount: z.number(),
  plan_name: z.string(),
  /** The provider's own page for this charge (instructions, and the simulator in the demo), when it gives one. */
  ticket_url: z.string().nullish(),
});
export type ModelPixResponse = z.infer<typeof ModelPixResponseSchema>;

/** GET /api/payments/model/payments/{id} (model, her own payments only): where a renewal payment stands. */
export const OwnPaymentSchema = z.object({
  id: z.number(),
  status: PaymentRecordStatusSchema,
  /** reais */
  amount: z.number(),
  plan_name: z.string().nullable(),
  method: z.string(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type OwnPayment = z.infer<typeof OwnPaymentSchema>;
export const OwnPaymentResponseSchema = z.object({ payment: OwnPaymentSchema });
export type OwnPaymentResponse = z.infer<typeof OwnPaymentResponseSchema>;

/** GET /api/payments/pix/qrcode/random?amount&description: a Pix QR image and its copy-and-paste code. */
export const PixQrCodeResponseSchema = z.object({
  /** A data URL, an absolute URL or bare base64 PNG. */
  qr_code: z.string().nullish(),
  qr_code_data: z.string().nullish(),
});
export type PixQrCodeResponse = z.infer<typeof PixQrCodeResponseSchema>;

// ---- Shop checkout --------------------------------------------------------------------------------------------

/** A Brazilian number without the country code: DDD and 8 or 9 digits. */
const BR_PHONE_DIGITS_MAX = 11;

/** A buyer's phone: required, DDD and number (10 or 11 digits, with or without +55), stored as digits. */
export const BuyerPhoneSchema = z
  .string({ error: "Telefone é obrigatório" })
  .trim()
  .transform(onlyDigits)
  .transform((d) => (d.length > BR_PHONE_DIGITS_MAX && d.startsWith("55") ? d.slice(2) : d))
  .refine((d) => d.length > 0, { message: "Telefone é obrigatório" })
  .refine((d) => d.length === 0 || (d.length >= PHONE_DIGITS_MIN && d.length <= BR_PHONE_DIGITS_MAX), {
    message: "Telefone inválido: use DDD e número",
  });

/**
 * POST /api/payments/pix and POST /api/payments/mp/pix-preference: the product and the buyer. The product's price
 * is the amount; an `amount` sent along is ignored.
 */
export const CheckoutBodySchema = z.object({
  product_id: IdSchema,
  customer_name: PersonNameSchema,
  customer_email: EmailSchema,
  customer_phone: BuyerPhoneSchema,
  amount: z.unknown().optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** POST /api/payments/pix ("PIX Manual"): a pending order and a static BR Code with the order as its txid. */
export const CheckoutPixResponseSchema = z.object({
  order_id: z.number(),
  /** The buyer's key to the order's page: /payment/success?order_id={order_token}. */
  order_token: z.string(),
  /** PNG data URL. */
  qr_code: z.string(),
  qr_code_data: z.string(),
  pix_key: z.string(),
  /** reais */
  amount: z.number(),
  description: z.string(),
});
export type CheckoutPixResponse = z.infer<typeof CheckoutPixResponseSchema>;

/** POST /api/payments/mp/pix-preference ("PIX via Mercado Pago"): a pending order and where to pay it. */
export const CheckoutPreferenceResponseSchema = z.object({
  order_id: z.number(),
  /** The buyer's key to the order's page: /payment/success?order_id={order_token}. */
  order_token: z.string(),
  init_point: z.string(),
  preference_id: z.string(),
});
export type CheckoutPreferenceResponse = z.infer<typeof CheckoutPreferenceResponseSchema>;

/**
 * GET /api/payments/orders/{token}?payment_id (public): where an order stands, for the result pages, reached by
 * the order's unguessable access token only (a sequential id, or anything else, answers 404). Nothing about
 * the buyer. `payment_id` (Mercado Pago's, from the return address) only asks the server to re-read that payment
 * at Mercado Pago first; what Mercado Pago answers decides, never the query.
 */
export const OrderTokenParamsSchema = z.object({ token: z.string().max(200) });
export const OrderStatusQuerySchema = z.object({
  payment_id: z
    .string()
    .regex(/^\d{1,20}$/, "payment_id inválido")
    .optional(),
});
export const PublicOrderSchema = z.object({
  id: z.number(),
  status: OrderStatusSchema,
  product_id: z.number().nullable(),
  product_name: z.string(),
  /** reais */
  amount: z.number(),
  method: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PublicOrder = z.infer<typeof PublicOrderSchema>;
export const PublicOrderResponseSchema = z.object({ order: PublicOrderSchema });
export type PublicOrderResponse = z.infer<typeof PublicOrderResponseSchema>;

/** Something an admin must look at on a payment or an order (see the `flag` column). */
export const PAYMENT_FLAGS = ["amount_mismatch", "refunded", "charged_back", "duplicate"] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];
export const PAYMENT_FLAG_LABELS: Record<PaymentFlag, string> = {
  amount_mismatch: "Valor divergente",
  refunded: "Estornado",
  charged_back: "Contestação (chargeback)",
  duplicate: "Pagamento em duplicidade",
};
export const paymentFlagLabel = (flag: string) =>
  Object.hasOwn(PAYMENT_FLAG_LABELS, flag) ? PAYMENT_FLAG_LABELS[flag as PaymentFlag] : flag;

/** A plan expiring within this many days shows "Seu plano vence em N dias" on the dashboard. */
export const PLAN_EXPIRY_WARNING_DAYS = 3;

/** How long a Mercado Pago Pix code can be paid (the provider's minimum). */
export const PROVIDER_PIX_MINUTES = 30;
