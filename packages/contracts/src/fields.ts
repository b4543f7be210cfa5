import { z } from "zod";
import { INT4_MAX, numberFromText } from "./common";
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
import { onlyDigits } from "./text";

/**
 * Field schemas shared by several bodies (registration, profile, account, products, and the admin forms to come).
 * Each one carries its own Portuguese messages, so a form and the route that receives it say the same thing.
 */

/** Drops control characters (keeps line breaks and tabs) and normalises line endings. */
export function cleanPlainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** Optional free text, cleaned and trimmed. Absent key → unchanged; "" or null → cleared (""). */
export function optionalPlainText(max: number, label: string) {
  return z
    .preprocess((v) => (v === null ? "" : v), z.string({ error: `${label}: texto inválido` }))
    .transform((v) => cleanPlainText(v).trim())
    .pipe(z.string().max(max, `${label}: no máximo ${max} caracteres`))
    .optional();
}

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

/** The password the model types to confirm a sensitive change; only checked against the stored hash. */
export const CurrentPasswordSchema = z
  .string({ error: "Informe a senha atual" })
  .min(1, "Informe a senha atual")
  .max(PASSWORD_MAX, "Senha atual incorreta");

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
