// No zod here: the public pages load this file (the schemas are in errors.ts, which re-exports it).

/**
 * Machine-readable error codes. Every failing API call answers `{ error, code, details? }`: `error` is the
 * Portuguese text a person reads, `code` is what the web app branches on (never the status plus a text).
 */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "BAD_REQUEST",
  "INTERNAL_ERROR",
  // Domain codes.
  "MODEL_OVERDUE",
  "PROVIDER_UNAVAILABLE",
  "PIX_KEY_MISSING",
  "PLAN_IN_USE",
  "PASSWORD_CHANGE_REQUIRED",
  // Adult content asked for without a valid age pass (age assurance by a verifier).
  "AGE_VERIFICATION_REQUIRED",
  // Moderation: an account closed by a ban; a suspended account's changes; photos held as evidence.
  "ACCOUNT_BANNED",
  "ACCOUNT_SUSPENDED",
  "PHOTOS_FROZEN",
  // Her e-mail is not confirmed yet: she may not pay or appear on the site.
  "EMAIL_UNCONFIRMED",
  // A sensitive change of her account with no recent proof (password or second factor) in this session.
  "RECENT_PROOF_REQUIRED",
  // "Disponível agora" started too many times today (AVAILABILITY_STARTS_PER_DAY).
  "AVAILABILITY_LIMIT",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The text of every 401 for a missing, invalid, expired or revoked session. */
export const SESSION_EXPIRED_MESSAGE = "Sessão inválida ou expirada. Faça login novamente.";
/** The text of the 403 an admin whose password the server generated gets until they choose their own. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = "Troque a senha gerada na instalação antes de continuar.";
/** The text of the 403 RECENT_PROOF_REQUIRED: the web then asks her password or a second factor. */
export const RECENT_PROOF_REQUIRED_MESSAGE = "Confirme que é você para continuar.";
/** The text of every 400 whose `details` list the invalid fields. */
export const VALIDATION_ERROR_MESSAGE = "Erro de validação";
