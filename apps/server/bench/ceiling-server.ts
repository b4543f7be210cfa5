import http from "node:http";

/**
 * The ceiling: a bare node:http server answering every request with the same fixed JSON body, as large as
 * the listing response. No routing, no validation, no database: what this runtime can do on this machine.
 * Usage: node ceiling-server.ts <port> <body bytes>
 */
const port = Number(process.argv[2] ?? 5099);
const size = Number(process.argv[3] ?? 10_000);
const filler = "x".repeat(Math.max(0, size - 20));
const body = Buffer.from(JSON.stringify({ models: [], pad: filler }));

http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
