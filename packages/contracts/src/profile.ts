import { z } from "zod";
import {
  AgeSchema,
  CategoryIdSchema,
  cleanPlainText,
  EstadoIdSchema,
  MunicipioIdSchema,
  optionalPlainText,
  PersonNameSchema,
  PhoneSchema,
} from "./fields";
import { DESCRIPTION_MAX, HEIGHT_MAX, HEIGHT_MIN, RATES_MAX, SERVICES_MAX, WEIGHT_MAX, WEIGHT_MIN } from "./limits";
import { LanguageSchema, NEIGHBORHOOD_MAX, ReceivesAtSchema } from "./listing";
import { type Rates, serializeRates } from "./models";
import { OwnerPhotoSchema } from "./photos";
import { PaymentStatusSchema } from "./statuses";

/** Limits of the profile editor. */
export const INSTAGRAM_MAX = 30;
export const MEASUREMENTS_MAX = 60;
export const RATE_TAGS_MAX = 30;
export const RATE_TAG_MAX = 60;
export const RATES_OBS_MAX = 1000;

/** "@Ana.Silva", "instagram.com/ana.silva/" or "https://www.instagram.com/ana.silva?hl=pt" → "ana.silva". */
export function normalizeInstagram(raw: string): string {
  let handle = raw.trim();
  const url = /^(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|instagr\.am)\/([^/?#]*)/i.exec(handle);
  if (url) handle = url[1] ?? "";
  return handle.replace(/^@/, "").toLowerCase();
}

const INSTAGRAM_RE = new RegExp(`^[a-z0-9._]{1,${INSTAGRAM_MAX}}$`);

const br = (n: number) => String(n).replace(".", ",");

/** A decimal that may arrive as a number or a string ("1,70"); empty means null. */
function optionalDecimal(opts: {
  label: string;
  invalid: string;
  min: number;
  max: number;
  decimals: number;
  unit: string;
}) {
  const factor = 10 ** opts.decimals;
  const range = `${opts.label} deve estar entre ${br(opts.min)} e ${br(opts.max)} ${opts.unit}`;
  return z
    .preprocess(
      (v) => {
        if (v === null || (typeof v === "string" && v.trim() === "")) return null;
        if (typeof v === "string") return Number(v.trim().replace(",", "."));
        return v;
      },
      z
        .number({ error: opts.invalid })
        .min(opts.min, range)
        .max(opts.max, range)
        .refine((v) => Math.abs(v * factor - Math.round(v * factor)) < 1e-6, {
          message: `${opts.invalid.split(" ")[0]}: use no máximo ${opts.decimals === 1 ? "1 casa decimal" : `${opts.decimals} casas decimais`}`,
        })
        .nullable(),
    )
    .optional();
}

export const HeightSchema = optionalDecimal({
  label: "A altura",
  invalid: "Altura inválida",
  min: HEIGHT_MIN,
  max: HEIGHT_MAX,
  decimals: 2,
  unit: "m",
});
export const WeightSchema = optionalDecimal({
  label: "O peso",
  invalid: "Peso inválido",
  min: WEIGHT_MIN,
  max: WEIGHT_MAX,
  decimals: 1,
  unit: "kg",
});

export const InstagramSchema = z
  .preprocess((v) => (v === null ? "" : v), z.string({ error: "Instagram inválido" }))
  .transform(normalizeInstagram)
  .refine((h) => h === "" || INSTAGRAM_RE.test(h), {
    message: `Instagram inválido: use apenas letras, números, ponto e sublinhado (até ${INSTAGRAM_MAX})`,
  })
  .transform((h) => h || null)
  .optional();

/** services: a comma-separated list; stored as "a, b, c". */
export const ServicesSchema = optionalPlainText(SERVICES_MAX, "Serviços").transform((v) =>
  v === undefined
    ? undefined
    : v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .join(", "),
);

export const RatesObjectSchema = z.object({
  tags: z
    .array(
      z
        .string({ error: "Valor inválido" })
        .trim()
        .min(1, "Valor vazio")
        .max(RATE_TAG_MAX, `Cada valor deve ter no máximo ${RATE_TAG_MAX} caracteres`),
      { error: "tags deve ser uma lista" },
    )
    .max(RATE_TAGS_MAX, `No máximo ${RATE_TAGS_MAX} valores`)
    .default([]),
  obs: z
    .string({ error: "Observações inválidas" })
    .transform((v) => cleanPlainText(v).trim())
    .pipe(z.string().max(RATES_OBS_MAX, `As observações devem ter no máximo ${RATES_OBS_MAX} caracteres`))
    .default(""),
});

/**
 * rates arrives as the JSON string `{"tags":[...],"obs":"..."}` (an object is accepted too) and is
 * stored re-serialised, so whatever is stored always parses. Empty or null means no rates.
 */
export const RatesSchema = z
  .preprocess(
    (v) => (v === null ? "" : v !== undefined && typeof v === "object" ? JSON.stringify(v) : v),
    z
      .string({ error: "Valores inválidos" })
      .max(RATES_MAX, `Valores: no máximo ${RATES_MAX} caracteres`)
      .transform((raw, ctx): unknown => {
        if (!raw.trim()) return {};
        try {
          return JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: "custom", message: 'Valores inválidos: envie o JSON {"tags": [...], "obs": "..."}' });
          return z.NEVER;
        }
      })
      .pipe(RatesObjectSchema)
      .transform((r: Rates) => serializeRates(r)),
  )
  .optional();

/**
 * PUT /api/models/profile. Required: name, age, estado_id, municipio_id, category_id. Every other field is
 * optional: absent keeps the stored value, "" or null clears it.
 */
export const ProfileBodySchema = z.object({
  name: PersonNameSchema,
  age: AgeSchema,
  estado_id: EstadoIdSchema,
  municipio_id: MunicipioIdSchema,
  category_id: CategoryIdSchema,
  description: optionalPlainText(DESCRIPTION_MAX, "Descrição"),
  phone: PhoneSchema.optional(),
  whatsapp: PhoneSchema.optional(),
  instagram: InstagramSchema,
  height: HeightSchema,
  weight: WeightSchema,
  measurements: optionalPlainText(MEASUREMENTS_MAX, "Medidas").transform((v) =>
    v === undefined ? undefined : v || null,
  ),
  services: ServicesSchema,
  rates: RatesSchema,
  /** Where she receives; absent keeps, [] clears. Repeated values count once. */
  receives_at: z
    .array(ReceivesAtSchema, { error: "Locais de atendimento inválidos" })
    .transform((v) => [...new Set(v)])
    .optional(),
  /** Her region or neighbourhood, free text; "" or null clears. */
  neighborhood: optionalPlainText(NEIGHBORHOOD_MAX, "Bairro").transform((v) =>
    v === undefined ? undefined : v.replace(/\s+/g, " ") || null,
  ),
  languages: z
    .array(LanguageSchema, { error: "Idiomas inválidos" })
    .transform((v) => [...new Set(v)])
    .optional(),
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;
export type ProfileUpdate = z.output<typeof ProfileBodySchema>;

/** Why the public cannot see the model right now; `blocking: false` reasons are warnings only. */
export const VisibilityReasonCodeSchema = z.enum([
  "inactive",
  "moderation",
  "identity_unverified",
  "email_unconfirmed",
  "verification_frozen",
  "no_payment",
  "plan_expired",
  "paused",
  "no_primary_photo",
  "primary_photo_private",
]);
export type VisibilityReasonCode = z.infer<typeof VisibilityReasonCodeSchema>;
export const VisibilitySchema = z.object({
  is_visible: z.boolean(),
  reasons: z.array(z.object({ code: VisibilityReasonCodeSchema, message: z.string(), blocking: z.boolean() })),
});
export type Visibility = z.infer<typeof VisibilitySchema>;

export const ProfileModelSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  age: z.number(),
  estado_id: z.number(),
  municipio_id: z.number(),
  category_id: z.number().nullable(),
  city_name: z.string(),
  state: z.string(),
  category_name: z.string().nullable(),
  description: z.string(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagram: z.string().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  measurements: z.string().nullable(),
  services: z.string(),
  rates: z.string(),
  receives_at: z.array(ReceivesAtSchema),
  neighborhood: z.string().nullable(),
  languages: z.array(LanguageSchema),
  /** Derived from her rates when they are saved (hourlyPriceFrom), reais, or null. */
  price_from: z.number().nullable(),
  /** "Disponível agora": its end (ISO instant) while on, else null. */
  available_until: z.string().nullable(),
  /** "Pausar anúncio": when she paused it (ISO instant), or null. Her plan keeps running meanwhile. */
  paused_at: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  /** Her age comes from the birth date of her approved identity verification: the age field is not hers to edit. */
  age_verified: z.boolean(),
  is_featured: z.boolean(),
  views_count: z.number(),
  contact_count: z.number(),
  next_due_date: z.string().nullable(),
  payment_status: PaymentStatusSchema,
  payment_message: z.string().nullable(),
  /** Whole days the plan has left while it is valid (1 on its last day), else null. */
  plan_days_left: z.number().int().nullable(),
  /** Path of the public profile page (answers 404 to the public while not visible). */
  public_path: z.string(),
  visibility: VisibilitySchema,
});
export type ProfileModel = z.infer<typeof ProfileModelSchema>;

export const ProfileResponseSchema = z.object({ model: ProfileModelSchema, photos: z.array(OwnerPhotoSchema) });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
export const ProfileUpdateResponseSchema = z.object({ model: ProfileModelSchema });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;
