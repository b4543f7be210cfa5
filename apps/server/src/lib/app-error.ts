import {
  type ErrorCode,
  type ErrorDetail,
  type ErrorResponse,
  SESSION_EXPIRED_MESSAGE,
  VALIDATION_ERROR_MESSAGE,
} from "@vitrine/contracts";

/** PLAN_IN_USE only: what still points at the plan, so the admin can decide whether to force the deletion. */
export type ErrorUsage = NonNullable<ErrorResponse["usage"]>;

/**
 * An expected failure: the HTTP status, a machine-readable code the web branches on, a message the user can read
 * and, for invalid input, the fields at fault (a plan still in use also says what uses it). The error handler
 * turns it into `{ error, code, details?, usage? }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly usage?: ErrorUsage,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** Invalid input, field by field: 400 "Erro de validação" with `details: [{ path, message }]`. */
export const validationError = (details: ErrorDetail[], message = VALIDATION_ERROR_MESSAGE) =>
  new AppError(400, "VALIDATION_ERROR", message, details);
/** A request that cannot be served as sent, without a particular field to blame. */
export const badRequest = (message: string) => new AppError(400, "BAD_REQUEST", message);
export const notFound = (message = "Não encontrado") => new AppError(404, "NOT_FOUND", message);
export const unauthorized = (message = SESSION_EXPIRED_MESSAGE) => new AppError(401, "UNAUTHENTICATED", message);
export const forbidden = (message = "Acesso negado") => new AppError(403, "FORBIDDEN", message);
export const conflict = (message: string, details?: ErrorDetail[], code: ErrorCode = "CONFLICT") =>
  new AppError(409, code, message, details);
export const rateLimited = (message = "Muitas tentativas. Aguarde um minuto e tente novamente.") =>
  new AppError(429, "RATE_LIMITED", message);

/** PostgreSQL unique_violation, from postgres-js or PGlite. */
export function isUniqueViolation(err: unknown): err is { constraint_name?: string; constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function constraintName(err: unknown): string {
  const e = err as {
    constraint_name?: string;
    constraint?: string;
    cause?: { constraint_name?: string; constraint?: string };
  };
  return e.constraint_name ?? e.constraint ?? e.cause?.constraint_name ?? e.cause?.constraint ?? "";
}
