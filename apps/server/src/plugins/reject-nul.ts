import type { FastifyInstance } from "fastify";
import { badRequest, validationError } from "../lib/app-error";
import { JSON_TOO_DEEP, MAX_JSON_DEPTH } from "./json-body";

const NUL = "\u0000";

type Found = { path: string } | { tooDeep: true } | null;

/**
 * The first path (e.g. "name" or "tags.2") whose string holds a NUL character. The walk is iterative and gives
 * up past MAX_JSON_DEPTH levels (the JSON parser already refuses deeper bodies; this guards any other parser).
 * Each entry keeps its parent and key, so no path is built unless a NUL is found.
 */
export function findNul(root: unknown): Found {
  type Entry = { value: unknown; key: string; parent: Entry | null; depth: number };
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let e: Entry | null = entry; e?.parent; e = e.parent) keys.push(e.key);
    return keys.reverse().join(".") || "(corpo)";
  };
  const stack: Entry[] = [{ value: root, key: "", parent: null, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === "string") {
      if (value.includes(NUL)) return { path: pathOf(entry) };
    } else if (value && typeof value === "object") {
      if (entry.depth >= MAX_JSON_DEPTH) return { tooDeep: true };
      // Pushed in reverse so that the first key is checked first, as a reader would expect.
      const children = Object.entries(value);
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i]!;
        stack.push({ value: child, key, parent: entry, depth: entry.depth + 1 });
      }
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
      const found = findNul(part);
      if (found === null) continue;
      if ("tooDeep" in found) throw badRequest(JSON_TOO_DEEP);
      throw validationError([{ path: found.path, message: "Caractere inválido no texto" }]);
    }
  });
}
