import { z } from "zod";

/** The one error envelope every failing API call answers with. */
export const ErrorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
export const ErrorResponseSchema = z.object({
  error: z.string(),
  details: z.array(ErrorDetailSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** A positive integer id arriving as a path or query string. */
export const IdSchema = z.coerce
  .number({ error: "Deve ser um número" })
  .int("Deve ser um número inteiro")
  .positive("Deve ser um número positivo");

export const IdParamsSchema = z.object({ id: IdSchema });

/** Money travels as reais with at most two decimals (59.9, 100); it is stored as integer cents. */
export const MoneySchema = z
  .number({ error: "Valor inválido" })
  .nonnegative("O valor não pode ser negativo")
  .max(1_000_000, "Valor muito alto")
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Use no máximo duas casas decimais",
  });

export const SuccessSchema = z.object({ success: z.literal(true) });
