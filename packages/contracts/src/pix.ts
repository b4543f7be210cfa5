import { z } from "zod";
import { AdminAmountSchema } from "./admin-models";
import { IdSchema } from "./common";
import { MoneyInputSchema } from "./money";

/** Static Pix ("copia e cola") codes the server builds from the site's own Pix keys. */

export const PIX_KEY_TYPES = ["cpf", "phone", "email", "random"] as const;
export const PixKeyTypeSchema = z.enum(PIX_KEY_TYPES, {
  error: "Tipo de chave inválido: use cpf, phone, email ou random",
});
export type PixKeyType = z.infer<typeof PixKeyTypeSchema>;
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  phone: "Telefone",
  email: "E-mail",
  random: "Chave aleatória",
};
/** The setting that holds each key. */
export const PIX_KEY_SETTINGS: Record<PixKeyType, string> = {
  cpf: "pix_cpf",
  phone: "pix_phone",
  email: "pix_email",
  random: "pix_random",
};
export const PIX_KEY_MISSING_MESSAGE = "Chave PIX não configurada";
export const PIX_DESCRIPTION_MAX = 60;

/** ?amount&description: amount optional (≥ 0, two decimals; "59,90" accepted), description defaults to "Pagamento". */
export const PixQrQuerySchema = z.object({
  amount: z.union([z.literal("").transform(() => undefined), MoneyInputSchema]).optional(),
  description: z.string().trim().max(PIX_DESCRIPTION_MAX, "Descrição muito longa").optional(),
});
export const PixKeyTypeParamsSchema = z.object({ keyType: PixKeyTypeSchema });

/** GET /api/payments/pix/qrcode/{keyType} (and /random): the QR image as a PNG data URL and its code. */
export const PixQrResponseSchema = z.object({
  qr_code: z.string(),
  qr_code_data: z.string(),
  pix_key: z.string(),
  amount: z.number().nullable(),
  description: z.string(),
});
export type PixQrResponse = z.infer<typeof PixQrResponseSchema>;

/** POST /api/payments/admin/generate-pix and /generate-link: for a model, a pending payment of `amount`. */
export const AdminPaymentRequestBodySchema = z.object({
  amount: AdminAmountSchema,
  description: z.string().trim().max(PIX_DESCRIPTION_MAX, "Descrição muito longa").optional().default("Pagamento"),
  model_id: IdSchema,
  plan_id: IdSchema.nullish(),
});
export type AdminPaymentRequestBody = z.input<typeof AdminPaymentRequestBodySchema>;
export const AdminGeneratePixResponseSchema = z.object({
  payload: z.string(),
  qr: z.string(),
  txid: z.string(),
  payment_id: z.number(),
});
export type AdminGeneratePixResponse = z.infer<typeof AdminGeneratePixResponseSchema>;
export const AdminGenerateLinkResponseSchema = z.object({
  init_point: z.string(),
  preference_id: z.string(),
  payment_id: z.number(),
});
export type AdminGenerateLinkResponse = z.infer<typeof AdminGenerateLinkResponseSchema>;
