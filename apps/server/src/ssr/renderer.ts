import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AgeAssuranceMode } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import { type AppModules, firstScriptTag, takeFirstScript } from "./app-modules";
import { createPageApi } from "./page-api";

/** The age check in force, as the page tells the web app: the mode and the verifier's name (null without one). */
export type PageAgeAssurance = { mode: AgeAssuranceMode; verifierName: string | null };

/** What a page is rendered for: its URL, the site's origin, the age-gate state and the public data version. */
export type RenderRequest = {
  url: string;
  origin: string;
  /** With self-declaration, the visitor accepted the gate; with a verifier, she holds a valid age pass. */
  ageAccepted: boolean;
  age: PageAgeAssurance;
  dataVersion: string;
  /** The last event of the live stream committed before the page's data was read. */
  lastEventId: number;
};

/** The server entry of the web app (apps/web/src/entry-server.tsx, built into dist-ssr/). */
type EntryServer = {
  configure(options: { transport: (url: string) => Promise<{ status: number; body: unknown }> }): void;
  render(
    options: RenderRequest,
  ): Promise<{ status: number; head: string; body: string; pageModule: string | null } | null>;
  pageRoutes: PageRoute[];
  viewedModel(pathname: string): string | null;
};

/** A page of the web app's route table: its path pattern and whether the server renders it (else the shell). */
export type PageRoute = { path: string; serverRendered: boolean; pageModule: string | null };

/** A rendered page as the server sends it. */
export type Page = { status: number; html: Buffer };

export type PageRenderer = {
  /** The whole document of a public page or the 404 page, or null for a page the browser renders. */
  render(options: RenderRequest): Promise<Page | null>;
  /** The pages of the web app's route table (the catch-all left out). */
  pageRoutes: PageRoute[];
  /** The model id (as written in the path) whose profile `pathname` shows, or null. */
  viewedModel(pathname: string): string | null;
};

/** The build of the server entry, next to the client build: apps/web/dist-ssr/entry-server.js. */
export function entryPathFor(distDir: string): string {
  return path.join(distDir, "..", "dist-ssr", "entry-server.js");
}

/**
 * The document around the rendered page, from the built index.html. Its title and description are replaced by the
 * page's. The stylesheet comes first after the charset (it blocks the first paint), then the page's tags (the LCP
 * image preload early), then the rest of the head and the first script (./app-modules), which fetches the app
 * only once the page is painted, so no script competes with the stylesheet and the LCP image on a slow
 * connection. The markup goes into #root.
 */
function splitTemplate(indexHtml: string) {
  const stylesheets: string[] = [];
  const { src, html } = takeFirstScript(indexHtml);
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "")
    .replace(/<link rel="stylesheet"[^>]*>\s*/g, (tag) => {
      stylesheets.push(tag.trim());
      return "";
    });
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(cleaned);
  const headEnd = cleaned.indexOf("</head>");
  const headAt = charset ? charset.index + charset[0].length : headEnd;
  const rootTag = '<div id="root"></div>';
  const rootAt = cleaned.indexOf(rootTag);
  if (headAt < 0 || headEnd < headAt || rootAt < headEnd) return null;
  return {
    start: cleaned.slice(0, headAt) + stylesheets.join(""),
    head: cleaned.slice(headAt, headEnd),
    middle: cleaned.slice(headEnd, rootAt),
    end: cleaned.slice(rootAt + rootTag.length),
    firstScript: src,
  };
}

/**
 * Loads the web app's server entry once. The page's queries read the public API through ./page-api (the routes'
 * services and cached bodies).
 * Null when the entry was not built: the server then sends the shell for every page.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  indexHtml: string,
  modules: AppModules,
): Promise<PageRenderer | null> {
  const entryFile = entryPathFor(distDir);
  const template = splitTemplate(indexHtml);
  if (!existsSync(entryFile) || !template) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  const { firstScript } = template;
  const scripts = new Map<string | null, string>();
  const scriptFor = (pageModule: string | null) => {
    if (!firstScript) return "";
    let tag = scripts.get(pageModule);
    if (tag === undefined) {
      tag = firstScriptTag(firstScript, [...modules.app, ...modules.page(pageModule)], { lowPriority: true });
      scripts.set(pageModule, tag);
    }
    return tag;
  };

  const pageApi = createPageApi(app);
  entry.configure({ transport: pageApi });

  return {
    pageRoutes: entry.pageRoutes,
    viewedModel: (pathname) => entry.viewedModel(pathname),
    async render(request) {
      const page = await entry.render(request);
      if (!page) return null;
      const html =
        template.start +
        page.head +
        template.head +
        scriptFor(page.pageModule) +
        template.middle +
        page.body +
        template.end;
      return { status: page.status, html: Buffer.from(html) };
    },
  };
}
