import { z } from "zod";
import { IdSchema } from "./common";
import { BOOST_KINDS } from "./boosts-plain";

/**
 * Paid boosts (decision 079): "Destaque" (featured: her card in the featured places of her city for some days)
 * and "Subir anúncio" (bump: her card at the top of her city's ordinary list, once or daily for some days), bought
 * from her dashboard through Mercado Pago and reviewed by an admin before they go live.
 */

export * from "./boosts-plain";

/**
 * Where a boost stands, as she and the admin read it: waiting for its payment, its payment not made, waiting for
 * review, paused (her ad changed while it ran: back to review, its end unchanged), scheduled (approved, starting
 * later), live, ended, rejected (refunded) or refunded.
 */
export const BOOST_PHASES = [
  "pending_payment",
  "payment_failed",
  "awaiting_review",
  "paused",
  "scheduled",
  "live",
  "ended",
  "rejected",
  "refunded",
] as const;
export type BoostPhase = (typeof BOOST_PHASES)[number];
export const BOOST_PHASE_LABELS: Record<BoostPhase, string> = {
  pending_payment: "Aguardando pagamento",
  payment_failed: "Pagamento não concluído",
  awaiting_review: "Em análise",
  paused: "Pausado: aguardando nova análise",
  scheduled: "Aprovado: começa em breve",
  live: "No ar",
  ended: "Encerrado",
  rejected: "Recusado e estornado",
  refunded: "Estornado",
};

export const BoostProductSchema = z.object({
  id: z.number(),
  kind: z.enum(BOOST_KINDS),
  name: z.string(),
  days: z.number(),
  /** exact cents */
  price_cents: z.number(),
  active: z.boolean(),
});
export type BoostProduct = z.infer<typeof BoostProductSchema>;

export const OwnBoostSchema = z.object({
  id: z.number(),
  kind: z.enum(BOOST_KINDS),
  name: z.string(),
  days: z.number(),
  amount_cents: z.number(),
  phase: z.enum(BOOST_PHASES),
  /** bump: the São Paulo hour of each move up; null: at approval. */
  bump_hour: z.number().nullable(),
  /** Her payment of it: its receipt (number, method, when it was paid). */
  payment_id: z.number(),
  payment_method: z.string(),
  paid_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
});
export type OwnBoost = z.infer<typeof OwnBoostSchema>;

/** GET /api/models/boosts (model): what she may buy and the boosts she bought, newest first. */
export const OwnBoostsResponseSchema = z.object({
  products: z.array(BoostProductSchema),
  boosts: z.array(OwnBoostSchema),
});
export type OwnBoostsResponse = z.infer<typeof OwnBoostsResponseSchema>;

const BumpHourSchema = z
  .number({ error: "Horário inválido" })
  .int("Horário inválido")
  .min(0, "Horário inválido")
  .max(23, "Horário inválido");

/** POST /api/models/boosts/pix and /api/models/boosts/checkout (model): buy one boost product. */
export const BuyBoostBodySchema = z.object({
  product_id: IdSchema,
  /** "Subir anúncio" at a chosen São Paulo hour (0–23); absent or null: as soon as it is approved. */
  bump_hour: BumpHourSchema.nullish(),
});
export type BuyBoostBody = z.input<typeof BuyBoostBodySchema>;

export const BuyBoostPixResponseSchema = z.object({
  boost_id: z.number(),
  /** Her payment record: GET /api/payments/model/payments/{payment_id} tells when it is paid. */
  payment_id: z.number(),
  /** PNG data URL of the QR code. */
  qr_code: z.string(),
  qr_code_data: z.string(),
  expires_at: z.string(),
  amount_cents: z.number(),
  name: z.string(),
  ticket_url: z.string().nullish(),
});
export type BuyBoostPixResponse = z.infer<typeof BuyBoostPixResponseSchema>;

export const BuyBoostCheckoutResponseSchema = z.object({
  boost_id: z.number(),
  payment_id: z.number(),
  init_point: z.string(),
  preference_id: z.string(),
});
export type BuyBoostCheckoutResponse = z.infer<typeof BuyBoostCheckoutResponseSchema>;

/** The ad an admin reviews: the text and public photos the boost would show, and their digest. */
export const BoostAdSchema = z.object({
  name: z.string(),
  description: z.string(),
  services: z.string(),
  rates: z.string(),
  photos: z.array(z.object({ id: z.number(), url: z.string(), is_primary: z.boolean() })),
});

export const AdminBoostSchema = z.object({
  id: z.number(),
  model_id: z.number(),
  model_name: z.string(),
  username: z.string(),
  city: z.string(),
  kind: z.enum(BOOST_KINDS),
  name: z.string(),
  days: z.number(),
  amount_cents: z.number(),
  phase: z.enum(BOOST_PHASES),
  bump_hour: z.number().nullable(),
  submitted_at: z.string().nullable(),
  /** Minutes since it entered the queue (null: not waiting). */
  waiting_minutes: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** The digest of the ad as it stands now: approving sends it back, and a changed ad is refused. */
  snapshot_hash: z.string(),
  ad: BoostAdSchema,
});
export type AdminBoost = z.infer<typeof AdminBoostSchema>;

export const ADMIN_BOOST_VIEWS = ["queue", "all"] as const;
export const AdminBoostsQuerySchema = z.object({
  view: z.enum(ADMIN_BOOST_VIEWS, { error: "Filtro inválido" }).default("queue"),
});
/** GET /api/admin/boosts?view=queue|all (admin): the review queue (oldest first) or every boost (newest first). */
export const AdminBoostsResponseSchema = z.object({ boosts: z.array(AdminBoostSchema) });
export type AdminBoostsResponse = z.infer<typeof AdminBoostsResponseSchema>;

const HASH_MESSAGE = "Versão do anúncio inválida";
/** POST /api/admin/boosts/{id}/approve: the digest of the ad the admin reviewed. */
export const ApproveBoostBodySchema = z.object({
  snapshot_hash: z.string({ error: HASH_MESSAGE }).regex(/^[0-9a-f]{64}$/, HASH_MESSAGE),
});
export type ApproveBoostBody = z.input<typeof ApproveBoostBodySchema>;

export const BOOST_REASON_MAX = 500;
/** POST /api/admin/boosts/{id}/reject: why, told to her (e-mail and dashboard). */
export const RejectBoostBodySchema = z.object({
  reason: z
    .string({ error: "Informe o motivo" })
    .trim()
    .min(5, "Escreva o motivo (ao menos 5 caracteres)")
    .max(BOOST_REASON_MAX, `O motivo pode ter até ${BOOST_REASON_MAX} caracteres`),
});
export type RejectBoostBody = z.input<typeof RejectBoostBodySchema>;

export const AdminBoostResponseSchema = z.object({ boost: AdminBoostSchema });
export type AdminBoostResponse = z.infer<typeof AdminBoostResponseSchema>;

/** GET /api/admin/boost-products (admin): every product, active or not. */
export const AdminBoostProductsResponseSchema = z.object({ products: z.array(BoostProductSchema) });
export type AdminBoostProductsResponse = z.infer<typeof AdminBoostProductsResponseSchema>;

/** PATCH /api/admin/boost-products/{id} (admin): price (exact cents), days, name or whether it is on sale. */
export const UpdateBoostProductBodySchema = z
  .object({
    name: z.string().trim().min(3, "Nome muito curto").max(60, "Nome muito longo").optional(),
    price_cents: z
      .number({ error: "Preço inválido" })
      .int("Preço em centavos inteiros")
      .min(100, "Preço mínimo de R$ 1,00")
      .max(10_000_000, "Preço máximo de R$ 100.000,00")
      .optional(),
    days: z
      .number({ error: "Duração inválida" })
      .int("Duração inválida")
      .min(1, "Duração de 1 a 90 dias")
      .max(90, "Duração de 1 a 90 dias")
      .optional(),
    active: z.boolean({ error: "Valor inválido" }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "Nada a alterar" });
export type UpdateBoostProductBody = z.input<typeof UpdateBoostProductBodySchema>;
export const BoostProductResponseSchema = z.object({ product: BoostProductSchema });
