import { z } from "zod";

/** A passkey of the signed-in account, as "Chaves de acesso (passkeys)" in Configurações lists it. */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/**
 * POST …/passkeys answers the passkey added and, when it is her first second factor (no recovery code left), ten
 * recovery codes shown this once.
 */
export const PasskeyAddedSchema = PasskeySchema.extend({ recovery_codes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof PasskeyAddedSchema>;

/**
 * DELETE …/passkeys/:id: her password, needed only when the passkey is her last second factor (removing it turns
 * two-step sign-in off).
 */
export const PasskeyRemoveBodySchema = z
  .object({ password: z.string().min(1, "Informe sua senha").max(200).optional() })
  .nullish();
export type PasskeyRemoveBody = z.infer<typeof PasskeyRemoveBodySchema>;

/** GET /api/models/passkeys, GET /api/admin/passkeys */
export const PasskeysResponseSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeysResponse = z.infer<typeof PasskeysResponseSchema>;

/**
 * The options handed to the browser's WebAuthn call (navigator.credentials.create/get), as @simplewebauthn builds
 * them; the browser library reads them, the site does not.
 */
export const PasskeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

const B64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, "Resposta da chave de acesso inválida");
/** What the authenticator answered (RegistrationResponseJSON / AuthenticationResponseJSON, base64url fields). */
const CredentialResponseSchema = z.object(
  {
    id: B64url,
    rawId: B64url,
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: B64url,
      attestationObject: B64url.optional(),
      authenticatorData: B64url.optional(),
      signature: B64url.optional(),
      userHandle: B64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKey: B64url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  },
  { error: "Resposta da chave de acesso inválida" },
);

/** POST …/passkeys: the new passkey (the authenticator's answer) and the name she gives it. */
export const PasskeyRegisterBodySchema = z.object({
  name: z
    .string({ error: "Dê um nome à chave" })
    .trim()
    .min(1, "Dê um nome à chave")
    .max(60, "Nome da chave muito longo (até 60 caracteres)"),
  response: CredentialResponseSchema,
});
export type PasskeyRegisterBody = z.input<typeof PasskeyRegisterBodySchema>;

/**
 * POST /api/auth/{admin,model}/passkey/options: with `challenge` (the password step's, purpose verify) the passkey
 * is the second step; without it, a sign-in without password.
 */
export const PasskeySignInOptionsBodySchema = z.object({ challenge: z.string().min(1).max(2048).optional() });
/** POST /api/auth/{admin,model}/passkey: the authenticator's answer (and the password step's challenge, if any). */
export const PasskeySignInBodySchema = z.object({
  challenge: z.string().min(1).max(2048).optional(),
  response: CredentialResponseSchema,
});
export type PasskeySignInBody = z.input<typeof PasskeySignInBodySchema>;
