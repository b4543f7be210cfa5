import type { FastifyInstance } from "fastify";
import { validationError } from "../lib/app-error";

const NUL = "\u0000";

/** The first path (e.g. "name" or "tags.2") whose string holds a NUL character, if any. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path.join(".") || "(corpo)" : null;
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const found = findNul(child, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: rather than let a query fail with a 500, any request whose
 * query, params or JSON body carries one is refused with a validation error, before any route runs.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNul(part);
      if (path !== null) {
        throw validationError([{ path, message: "Caractere inválido no texto" }]);
      }
    }
  });
}
