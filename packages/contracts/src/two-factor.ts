import { z } from "zod";
import { AdminLoginResponseSchema, ModelAuthResponseSchema } from "./auth";
import { PasskeyRegisterBodySchema } from "./passkeys";

/** A way to take the second step: the authenticator app's code, a passkey, or a recovery code. */
export const SecondStepMethodSchema = z.enum(["totp", "passkey", "recovery_code"]);
export type SecondStepMethod = z.infer<typeof SecondStepMethodSchema>;

/**
 * A sign-in whose password was right but that needs a second step: `verify` (the authenticator's code, a passkey or
 * a recovery code) or `setup` (two-step sign-in mandatory and not on yet: set it up first). `challenge` is valid
 * 5 min. `methods`: what the account has for `verify` (a recovery code always; empty for `setup`).
 */
export const TwoFactorChallengeSchema = z.object({
  two_factor: z.enum(["verify", "setup"]),
  challenge: z.string(),
  methods: z.array(SecondStepMethodSchema),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** POST /api/auth/admin/login: a session, or a second step to take. */
export const AdminLoginResultSchema = z.union([AdminLoginResponseSchema, TwoFactorChallengeSchema]);
export type AdminLoginResult = z.infer<typeof AdminLoginResultSchema>;
/** POST /api/auth/model/login: a session, or a second step to take. */
export const ModelLoginResultSchema = z.union([ModelAuthResponseSchema, TwoFactorChallengeSchema]);
export type ModelLoginResult = z.infer<typeof ModelLoginResultSchema>;

const ChallengeField = z.string({ error: "Verificação inválida" }).min(1, "Verificação inválida").max(2048);
/** A 6-digit code of the app, or a recovery code ("abcde-fghjk"). */
const CodeField = z
  .string({ error: "Informe o código" })
  .trim()
  .min(6, "Informe o código de 6 dígitos ou um código de recuperação")
  .max(32, "Código inválido");

/** POST /api/auth/{admin,model}/two-factor */
export const TwoFactorCodeBodySchema = z.object({ challenge: ChallengeField, code: CodeField });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBodySchema>;

/** POST /api/auth/admin/two-factor/setup */
export const TwoFactorChallengeBodySchema = z.object({ challenge: ChallengeField });

/** The authenticator to add: the secret (typed by hand), the otpauth:// address and its QR code (a PNG data URL). */
export const TwoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_data_url: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

/** POST /api/models/two-factor/confirm */
export const TwoFactorConfirmBodySchema = z.object({
  code: z
    .string({ error: "Informe o código" })
    .trim()
    .regex(/^\d{6}$/, "Informe o código de 6 dígitos do aplicativo"),
});
/** Ten recovery codes, shown this once. */
export const RecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** POST /api/auth/admin/two-factor/confirm: the admin's first session and her recovery codes. */
export const AdminTwoFactorConfirmResponseSchema = AdminLoginResponseSchema.extend({
  recovery_codes: z.array(z.string()),
});
export type AdminTwoFactorConfirmResponse = z.infer<typeof AdminTwoFactorConfirmResponseSchema>;
/** POST /api/auth/model/two-factor/confirm: her first session with an authenticator required, and her codes. */
export const ModelTwoFactorConfirmResponseSchema = ModelAuthResponseSchema.extend({
  recovery_codes: z.array(z.string()),
});
export type ModelTwoFactorConfirmResponse = z.infer<typeof ModelTwoFactorConfirmResponseSchema>;

/** The setting ("true"/"false", default false) by which an admin makes two-step sign-in mandatory for advertisers. */
export const TWO_FACTOR_REQUIRED_SETTING = "two_factor_required_models";

/** POST /api/auth/{admin,model}/two-factor/confirm */
/**
 * POST /api/auth/{admin,model}/two-factor/setup/passkey: where two-step sign-in is mandatory and not set up yet, a
 * passkey instead of the code app — the set-up challenge, the new passkey and its name (options first, from
 * …/setup/passkey/options with the challenge). Answered as …/confirm is: the session and ten recovery codes.
 */
export const TwoFactorPasskeySetupBodySchema = PasskeyRegisterBodySchema.extend({ challenge: ChallengeField });
export type TwoFactorPasskeySetupBody = z.input<typeof TwoFactorPasskeySetupBodySchema>;

export const AdminTwoFactorConfirmBodySchema = z.object({
  challenge: ChallengeField,
  code: TwoFactorConfirmBodySchema.shape.code,
});

/**
 * GET /api/models/two-factor. `enabled`: two-step sign-in is on (the authenticator app or a passkey); `totp`: the
 * app is set up; `required`: an admin made it mandatory for advertisers (it cannot be switched off).
 */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/**
 * POST /api/models/two-factor/recovery-codes, /api/admin/two-factor/recovery-codes and /api/models/two-factor/replace:
 * a current code of the app or an unused recovery code proves she still holds her second step.
 */
export const TwoFactorCurrentCodeBodySchema = z.object({ code: CodeField });
export type TwoFactorCurrentCodeBody = z.infer<typeof TwoFactorCurrentCodeBodySchema>;

/** POST /api/models/two-factor/disable: her password and a current code. */
export const TwoFactorDisableBodySchema = z.object({
  password: z.string({ error: "Informe sua senha" }).min(1, "Informe sua senha").max(200),
  code: CodeField,
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>;
