import type { ErrorDetail } from "@vitrine/contracts";

/** An expected failure with a message the user can read; the error handler turns it into `{ error, details? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message = "Não encontrado") => new AppError(404, message);
export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, message, details);
export const unauthorized = (message = "Não autenticado") => new AppError(401, message);
export const forbidden = (message = "Acesso negado") => new AppError(403, message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, message, details);

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
