import { z } from "zod";
import { ErrorCodeSchema } from "./errors";

/** The one error envelope every failing API call answers with. */
export const ErrorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
export const ErrorResponseSchema = z.object({
  error: z.string(),
  code: ErrorCodeSchema,
  details: z.array(ErrorDetailSchema).optional(),
  /** PLAN_IN_USE only: what still points at the plan (the admin is asked whether to force the deletion). */
  usage: z
    .object({ payments: z.number().int(), models: z.number().int(), models_linked: z.array(z.string()) })
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** Largest PostgreSQL integer: ids beyond it cannot exist and must not reach a query. */
export const INT4_MAX = 2_147_483_647;

/**
 * A number that may arrive as text (path, query string, form field). Only strings are converted: JSON arrays or
 * booleans are refused rather than coerced ([25] or true are not numbers).
 */
export function numberFromText(message: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z.number({ error: message }),
  );
}

/** A positive integer id (path, query or body), within the database's integer range. */
export function idSchema(message = "Identificador inválido", max = INT4_MAX) {
  return numberFromText(message).pipe(z.number().int(message).positive(message).max(max, message));
}

export const IdSchema = idSchema();

export const IdParamsSchema = z.object({ id: IdSchema });

/** The answer of a call that only confirms: `{ success: true }`. */
export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;
