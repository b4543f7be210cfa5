import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody, ROUTE_NOT_FOUND_MESSAGE } from "./error-handler";

/** Longest path parameter the router matches (an id, a slug); a longer path segment is refused with 414. */
export const MAX_PARAM_LENGTH = 200;

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
      const pathname = request.url.split("?")[0];
      if (pathname.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        return reply.code(414).send(errorBody("BAD_REQUEST", "Endereço longo demais"));
      }
      return reply.code(404).send(errorBody("NOT_FOUND", ROUTE_NOT_FOUND_MESSAGE));
    }
    return reply.code(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
