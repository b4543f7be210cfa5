import type { IncomingMessage, ServerResponse } from "node:http";

/** The small HTTP and format helpers of the fake Mercado Pago's API and simulator. */

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

/** Mercado Pago's date format, in São Paulo's offset. */
export function mpNow(): string {
  const shifted = new Date(Date.now() - 3 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-03:00`;
}

/** Adds the query parameters Mercado Pago appends to a back URL. */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
