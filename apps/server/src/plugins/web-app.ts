import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every non-API path
 * (the React router decides what to show, including the 404 page). Unknown /api paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, "index.html") : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // API and upload paths never fall back to the web app: an unknown one is a JSON 404.
    const isServerPath = /^\/(api|uploads)(\/|\?|$)/.test(request.url);
    if (isServerPath || request.method !== "GET" || !indexHtml) {
      return reply.code(404).send({ error: "Rota não encontrada" });
    }
    return reply.code(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
