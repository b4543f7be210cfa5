import { z } from "zod";
import {
  AGE_MAX,
  AGE_MIN,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  USERNAME_MAX,
} from "./limits";
import { INT4_MAX, numberFromText } from "./common";
import { onlyDigits } from "./text";

export const EmailSchema = z
  .string({ error: "E-mail é obrigatório" })
  .trim()
  .toLowerCase()
  .min(1, "E-mail é obrigatório")
  .max(EMAIL_MAX, "E-mail muito longo")
  .pipe(z.email("E-mail inválido"));

export const PasswordSchema = z
  .string({ error: "Senha é obrigatória" })
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`);

export const UsernameSchema = z
  .string({ error: "Usuário é obrigatório" })
  .trim()
  .toLowerCase()
  .min(3, "O usuário deve ter pelo menos 3 caracteres")
  .max(USERNAME_MAX, `O usuário deve ter no máximo ${USERNAME_MAX} caracteres`)
  .regex(/^[a-z0-9._-]+$/, "Use apenas letras, números, ponto, hífen ou sublinhado");

export const PersonNameSchema = z
  .string({ error: "Nome é obrigatório" })
  .trim()
  .min(2, "Nome é obrigatório")
  .max(NAME_MAX, `O nome deve ter no máximo ${NAME_MAX} caracteres`);

export const AgeSchema = numberFromText("Idade é obrigatória").pipe(
  z
    .number()
    .int("A idade deve ser um número inteiro")
    .min(AGE_MIN, `A idade mínima é ${AGE_MIN} anos`)
    .max(AGE_MAX, `A idade máxima é ${AGE_MAX} anos`),
);

/** Optional phone: stored as digits only; empty means none. */
export const PhoneSchema = z
  .string()
  .trim()
  .transform(onlyDigits)
  .refine((d) => d === "" || (d.length >= PHONE_DIGITS_MIN && d.length <= PHONE_DIGITS_MAX), {
    message: "Telefone inválido: use DDD e número",
  })
  .nullish()
  .transform((v) => v || null);

const requiredId = (label: string, suffix: "o" | "a", max = INT4_MAX) =>
  numberFromText(`${label} é obrigatóri${suffix}`).pipe(
    z
      .number()
      .int(`${label} inválid${suffix}`)
      .positive(`${label} é obrigatóri${suffix}`)
      .max(max, `${label} inválid${suffix}`),
  );

/** IBGE state codes have two digits. */
export const ESTADO_ID_MAX = 99;
export const EstadoIdSchema = requiredId("Estado", "o", ESTADO_ID_MAX);
export const MunicipioIdSchema = requiredId("Município", "o");
export const CategoryIdSchema = requiredId("Categoria", "a");

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
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const PaymentStatusSchema = z.enum(["paid", "expired", "no_payment"]);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

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
});
export type SessionModel = z.infer<typeof SessionModelSchema>;

export const AdminLoginResponseSchema = z.object({ token: z.string(), user: AdminUserSchema });
export const ModelAuthResponseSchema = z.object({ token: z.string(), model: SessionModelSchema });
export type ModelAuthResponse = z.infer<typeof ModelAuthResponseSchema>;

export const VerifyResponseSchema = z.object({
  valid: z.literal(true),
  user: AdminUserSchema.optional(),
  model: SessionModelSchema.optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;
