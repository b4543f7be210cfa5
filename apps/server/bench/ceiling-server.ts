import http from "node:http";

/**
 * The ceiling: a bare node:http server answering every request with a fixed JSON body. No routing, no
 * validation, no database: what this runtime can do on this machine. The body is as large as the listing
 * response, or `?bytes=N` long (each scenario is compared with a body of its own responses' size).
 * Usage: node ceiling-server.ts <port> <body bytes>
 */
const port = Number(process.argv[2] ?? 5099);
const size = Number(process.argv[3] ?? 10_000);
const bodies = new Map<number, Buffer>();

function bodyOf(bytes: number): Buffer {
  let body = bodies.get(bytes);
  if (!body) {
    const filler = "x".repeat(Math.max(0, bytes - 20));
    body = Buffer.from(JSON.stringify({ models: [], pad: filler }));
    bodies.set(bytes, body);
  }
  return body;
}

http
  .createServer((req, res) => {
    const asked = /[?&]bytes=(\d+)/.exec(req.url ?? "");
    const body = bodyOf(asked ? Math.min(Number(asked[1]), 10_000_000) : size);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
