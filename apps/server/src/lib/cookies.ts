import type { FastifyReply, FastifyRequest } from "fastify";

/** One cookie's value from the request's Cookie header (the last one when repeated), or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  let found: string | null = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

/** Adds a Set-Cookie header, keeping those already set on the reply. */
export function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader("Set-Cookie");
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  reply.header("Set-Cookie", [...list, cookie]);
}
