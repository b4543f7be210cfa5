import http from "node:http";

/**
 * The ceiling: a bare node:http server answering every request with a fixed body. No routing, no validation, no
 * database: what this runtime can do on this machine. The body is a JSON filler as large as the listing response,
 * `?bytes=N` long, or `?body=<name>`: the very bytes a scenario answers, stored with `PUT /bodies/<name>`. Each
 * scenario is compared with its own answer's bytes: the load generator shares the machine, and reading a page of
 * accented HTML costs it more than a filler of the same size (a filler made the ceiling look twice as fast).
 * Usage: node ceiling-server.ts <port> <body bytes>
 */
const port = Number(process.argv[2] ?? 5099);
const size = Number(process.argv[3] ?? 10_000);
const fillers = new Map<number, Buffer>();
const stored = new Map<string, Buffer>();

function fillerOf(bytes: number): Buffer {
  let body = fillers.get(bytes);
  if (!body) {
    const filler = "x".repeat(Math.max(0, bytes - 20));
    body = Buffer.from(JSON.stringify({ models: [], pad: filler }));
    fillers.set(bytes, body);
  }
  return body;
}

http
  .createServer((req, res) => {
    const url = req.url ?? "/";
    const put = /^\/bodies\/([\w-]+)$/.exec(url);
    if (req.method === "PUT" && put) {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        stored.set(put[1], Buffer.concat(chunks));
        res.writeHead(204).end();
      });
      return;
    }
    const named = /[?&]body=([\w-]+)/.exec(url);
    const asked = /[?&]bytes=(\d+)/.exec(url);
    const body = (named && stored.get(named[1])) ?? fillerOf(asked ? Math.min(Number(asked[1]), 10_000_000) : size);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
