import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/app-error";

/**
 * Deepest nesting of arrays and objects a JSON body may have. The product's bodies are two or three levels
 * deep; anything far deeper is an attack on whatever walks the parsed value (validation, the NUL check).
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = "JSON aninhado demais";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when JSON text nests arrays or objects more than `limit` levels deep. One linear pass over the text,
 * stopping at the first level too many; brackets inside strings do not count. The text need not be valid JSON
 * (the parser judges that afterwards).
 */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser by the same parser (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype`) behind a cheap depth check, so a deeply nested body is a 400 before any code walks it.
 * Must run on the root instance before routes are registered: child scopes inherit the parser.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
