import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { AGE_MODE_META } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import { errorBody, ROUTE_NOT_FOUND_MESSAGE } from "../plugins/error-handler";
import { readAppModules, shellWithAppModules } from "./app-modules";
import { createPageHandler, sendShell, varyOnCookie } from "./pages";
import { loadPageRenderer, type PageRoute } from "./renderer";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The pages of the web app's route table the server answers (./renderer), or null without the built server
     * entry; robots.txt keeps crawlers off the ones it does not render.
     */
    pageRoutes: readonly PageRoute[] | null;
  }
}

/** Longest path parameter the router matches (an id, a slug); a longer path segment is refused with 414. */
export const MAX_PARAM_LENGTH = 200;

/** Private pages (dashboard, admin, checkout, payment, sign-in) are not indexed. */
function withNoindex(indexHtml: string): string {
  return indexHtml.replace("</head>", '<meta name="robots" content="noindex" /></head>');
}

/** The shell tells the web app the age-assurance mode in force before it asks the server anything. */
function withAgeMode(indexHtml: string, mode: string): string {
  return indexHtml.replace("</head>", `<meta name="${AGE_MODE_META}" content="${mode}" /></head>`);
}

/**
 * Serves the built web app: hashed assets with a long cache; the pages of the web app's route table when the
 * server entry was built: a server-rendered route (the table's `ssr`) rendered with its data, a public read of
 * adult content that varies with the age-gate cookies (plugins/http-cache.ts: private with an age verifier); any
 * other route the shell (index.html, telling the age-assurance mode), which the browser renders; any path
 * no route matches the rendered 404 page. Without the server entry every page gets the shell. Unknown /api paths
 * answer JSON 404.
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
  const builtShell = indexHtml && modules ? shellWithAppModules(indexHtml, modules) : indexHtml;
  const shellHtml = builtShell && withAgeMode(builtShell, app.config.ageAssurance.mode);
  const renderer = distDir && indexHtml && modules ? await loadPageRenderer(app, distDir, indexHtml, modules) : null;
  app.decorate("pageRoutes", renderer?.pageRoutes ?? null);
  const servePage =
    renderer && shellHtml
      ? createPageHandler(app, renderer, { publicShell: shellHtml, privateShell: withNoindex(shellHtml) })
      : null;
  if (renderer && servePage && shellHtml) {
    const privateShell = withNoindex(shellHtml);
    // Server-rendered pages are public reads of adult content (plugins/http-cache.ts).
    const config = { publicRead: true, ageRestricted: true };
    for (const { path: url, serverRendered } of renderer.pageRoutes) {
      if (serverRendered) app.get(url, { config, onSend: varyOnCookie }, servePage);
      else app.get(url, (_request, reply) => sendShell(reply, privateShell));
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
    return sendShell(reply, shellHtml);
  });
}
