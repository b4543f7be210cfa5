import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { createPageHandler, PUBLIC_PAGE_ROUTES, varyOnCookie } from "../ssr/pages";
import { readAppModules, shellWithAppModules } from "../ssr/app-modules";
import { loadPageRenderer } from "../ssr/renderer";
import { errorBody, ROUTE_NOT_FOUND_MESSAGE } from "./error-handler";

/** Longest path parameter the router matches (an id, a slug); a longer path segment is refused with 414. */
export const MAX_PARAM_LENGTH = 200;

/** Private pages (dashboard, admin, checkout, payment, sign-in) are not indexed. */
function withNoindex(indexHtml: string): string {
  return indexHtml.replace("</head>", '<meta name="robots" content="noindex" /></head>');
}

/**
 * Serves the built web app: hashed assets with a long cache; the public pages (home, city, profiles, and the
 * 404 page for any unknown path) rendered on the server with their data when the server entry was built
 * (../ssr); the shell (index.html) for private pages, which the browser renders. Unknown /api paths answer
 * JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, "index.html") : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of each asset (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  const modules = distDir && indexHtml ? readAppModules(distDir) : null;
  const shellHtml = indexHtml && modules ? shellWithAppModules(indexHtml, modules) : indexHtml;
  const renderer = distDir && indexHtml && modules ? await loadPageRenderer(app, distDir, indexHtml, modules) : null;
  const servePage =
    renderer && shellHtml
      ? createPageHandler(app, renderer, { publicShell: shellHtml, privateShell: withNoindex(shellHtml) })
      : null;
  if (servePage) {
    for (const url of PUBLIC_PAGE_ROUTES) {
      app.get(url, { config: { publicRead: true }, onSend: varyOnCookie }, servePage);
    }
  }

  app.setNotFoundHandler((request, reply) => {
    // API and upload paths never fall back to the web app: an unknown one is a JSON 404.
    const isServerPath = /^\/(api|uploads)(\/|\?|$)/.test(request.url);
    // HEAD is answered wherever GET is (the same headers, no body).
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (isServerPath || !isRead || !shellHtml) {
      const pathname = request.url.split("?")[0];
      if (pathname.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        return reply.code(414).send(errorBody("BAD_REQUEST", "Endereço longo demais"));
      }
      return reply.code(404).send(errorBody("NOT_FOUND", ROUTE_NOT_FOUND_MESSAGE));
    }
    if (servePage) return servePage(request, reply);
    return reply.code(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(shellHtml);
  });
}
