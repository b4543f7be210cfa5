import { ApiError, errorMessage } from "@/lib/api-client";

/** The server's Portuguese message for a failed photo action; validation details say more than "Erro de validação". */
export function photoErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.details.length > 0) return err.details.map((d) => d.message).join(" · ");
  return errorMessage(err, fallback);
}
