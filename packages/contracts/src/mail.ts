import { z } from "zod";
import { PasswordSchema } from "./fields";
import { EMAIL_MAX } from "./limits";

/** A single-use link's token as it arrives in the URL (base64url of 32 random bytes). */
const LinkTokenSchema = z
  .string({ error: "Link inválido" })
  .trim()
  .min(1, "Link inválido")
  .max(200, "Link inválido")
  .regex(/^[A-Za-z0-9_-]+$/, "Link inválido");

/** POST /api/auth/password/forgot: the account's e-mail and which login page asked. */
export const ForgotPasswordBodySchema = z.object({
  email: z.string({ error: "E-mail é obrigatório" }).trim().toLowerCase().min(1, "E-mail é obrigatório").max(EMAIL_MAX),
  role: z.enum(["model", "admin"]).default("model"),
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/**
 * The one answer of "Esqueci minha senha", whether or not an account has that e-mail: the page never tells who
 * is registered.
 */
export const FORGOT_PASSWORD_ANSWER =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 30 minutos.";

/** POST /api/auth/password/reset: the token of the link and the new password. */
export const ResetPasswordBodySchema = z.object({ token: LinkTokenSchema, password: PasswordSchema });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;
export const RESET_LINK_INVALID = "Este link não vale mais: ele expirou ou já foi usado. Peça um novo.";

/** POST /api/auth/email/confirm: the token of the confirmation link. */
export const ConfirmEmailBodySchema = z.object({ token: LinkTokenSchema });
export type ConfirmEmailBody = z.input<typeof ConfirmEmailBodySchema>;
export const CONFIRM_LINK_INVALID = "Este link de confirmação não vale mais: ele expirou ou já foi usado.";

/** Until her e-mail is confirmed a model may neither pay nor appear on the site. */
export const EMAIL_UNCONFIRMED_MESSAGE = "Confirme seu e-mail para continuar: abra o link que enviamos para você.";

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Notification e-mails she may switch off; security messages (links, new sign-in) always go. */
export const NOTIFICATION_KINDS = ["plan", "payment", "verification", "moderation"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  plan: "Plano perto de vencer e plano vencido",
  payment: "Pagamento confirmado",
  verification: "Resultado da verificação de identidade",
  moderation: "Decisões sobre denúncias do meu perfil",
};

/** GET/PUT /api/models/account/notifications: whether each kind is sent. */
export const NotificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
