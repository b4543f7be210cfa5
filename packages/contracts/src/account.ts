import { z } from "zod";
import { SessionModelSchema } from "./auth";
import { CurrentPasswordSchema, EmailSchema, PasswordSchema } from "./fields";
import { PASSWORD_MAX } from "./limits";

/** PUT /api/models/account/password */
export const ChangePasswordBodySchema = z
  .object({ current_password: CurrentPasswordSchema, new_password: PasswordSchema })
  .refine((b) => b.current_password !== b.new_password, {
    path: ["new_password"],
    message: "A nova senha deve ser diferente da atual",
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
/** Other sessions end when the password changes; the caller continues with this new token. */
export const ChangePasswordResponseSchema = z.object({ success: z.literal(true), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

/** PUT /api/models/account/email */
export const ChangeEmailBodySchema = z.object({ current_password: CurrentPasswordSchema, email: EmailSchema });
export type ChangeEmailBody = z.input<typeof ChangeEmailBodySchema>;

/** DELETE /api/models/account (LGPD): the password confirms it. */
export const DeleteAccountBodySchema = z.object({
  password: z.string({ error: "Informe sua senha" }).min(1, "Informe sua senha").max(PASSWORD_MAX, "Senha incorreta"),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const AccountResponseSchema = z.object({ model: SessionModelSchema });
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

/** Shown in place of the name of a deleted account wherever an old record still points to it. */
export const DELETED_ACCOUNT_NAME = "Conta removida";
