import type { z } from "zod";

/** The first message for each path of a failed parse ("" for the root), e.g. { email: "E-mail inválido" }. */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    messages[path] ??= issue.message;
  }
  return messages;
}
