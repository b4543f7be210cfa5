import { z } from "zod";
import {
  AgeSchema,
  CategoryIdSchema,
  EmailSchema,
  EstadoIdSchema,
  MunicipioIdSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
  UsernameSchema,
} from "./fields";
import { EMAIL_MAX, PASSWORD_MAX } from "./limits";
import { PaymentStatusSchema } from "./statuses";

export const LoginBodySchema = z.object({
  email: z.string({ error: "E-mail é obrigatório" }).trim().toLowerCase().min(1, "E-mail é obrigatório").max(EMAIL_MAX),
  password: z.string({ error: "Senha é obrigatória" }).min(1, "Senha é obrigatória").max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  name: PersonNameSchema,
  age: AgeSchema,
  phone: PhoneSchema,
  whatsapp: PhoneSchema,
  estado_id: EstadoIdSchema,
  municipio_id: MunicipioIdSchema,
  category_id: CategoryIdSchema,
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const AdminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  /** The password was generated at installation: every admin screen but "Trocar senha" is refused until changed. */
  must_change_password: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** The signed-in model as the session sees it. */
export const SessionModelSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  next_due_date: z.string().nullable(),
  payment_status: PaymentStatusSchema,
  payment_message: z.string().nullable(),
  /** Closed by the moderation: she may only read the decision and appeal it (/dashboard/moderacao). */
  banned: z.boolean(),
  /** False until she opens the confirmation link: the dashboard asks her to, and she cannot pay or go public. */
  email_confirmed: z.boolean(),
  /** "Disponível agora": its end (ISO instant) while on, else null (her dashboard shows the state and the end). */
  available_until: z.string().nullable(),
});
export type SessionModel = z.infer<typeof SessionModelSchema>;

export const AdminLoginResponseSchema = z.object({ token: z.string(), user: AdminUserSchema });
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;
export const ModelAuthResponseSchema = z.object({ token: z.string(), model: SessionModelSchema });
export type ModelAuthResponse = z.infer<typeof ModelAuthResponseSchema>;

export const VerifyResponseSchema = z.object({
  valid: z.literal(true),
  user: AdminUserSchema.optional(),
  model: SessionModelSchema.optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;
