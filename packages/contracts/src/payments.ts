import { z } from "zod";
import { IdSchema } from "./common";
import { MoneySchema } from "./money";

/**
 * The payment calls the model's renewal dialog makes. The web reads these shapes today; the routes themselves
 * arrive with the payments work.
 */

/** POST /api/payments/model/subscription: a checkout link at the payment provider for a plan renewal. */
export const ModelSubscriptionBodySchema = z.object({
  model_id: IdSchema,
  /** reais */
  amount: MoneySchema,
  description: z.string().max(200),
  plan_name: z.string().max(120),
  plan_id: IdSchema.nullable(),
});
export type ModelSubscriptionBody = z.infer<typeof ModelSubscriptionBodySchema>;
export const ModelSubscriptionResponseSchema = z.object({
  init_point: z.string().nullish(),
  sandbox_init_point: z.string().nullish(),
  preference_id: z.string().nullish(),
});
export type ModelSubscriptionResponse = z.infer<typeof ModelSubscriptionResponseSchema>;

/** GET /api/payments/pix/qrcode/random?amount&description: a Pix QR image and its copy-and-paste code. */
export const PixQrCodeResponseSchema = z.object({
  /** A data URL, an absolute URL or bare base64 PNG. */
  qr_code: z.string().nullish(),
  qr_code_data: z.string().nullish(),
});
export type PixQrCodeResponse = z.infer<typeof PixQrCodeResponseSchema>;
