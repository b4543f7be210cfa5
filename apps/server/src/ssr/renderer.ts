import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { createPageApi } from "./page-api";

/** The server entry of the web app (apps/web/src/entry-server.tsx, built into dist-ssr/). */
type EntryServer = {
  configure(options: { transport: (url: string) => Promise<{ status: number; body: unknown }> }): void;
  render(options: {
    url: string;
    origin: string;
    ageAccepted: boolean;
    dataVersion: string;
  }): Promise<{ status: number; head: string; body: string; pageModule: string | null } | null>;
};

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for a page module's chunk and its static imports (from Vite's manifest), except
 * what the shell already loads: the browser fetches them with the entry instead of after it.
 */
function modulePreloads(distDir: string, indexHtml: string): (pageModule: string | null) => string {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return () => "";
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const memo = new Map<string, string>();
  return (pageModule) => {
    if (!pageModule || !manifest[pageModule]) return "";
    let tags = memo.get(pageModule);
    if (tags === undefined) {
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      visit(pageModule);
      tags = [...files]
        .filter((file) => !indexHtml.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
        .join("");
      memo.set(pageModule, tags);
    }
    return tags;
  };
}

/** A rendered page as the server sends it. */
export type Page = { status: number; html: Buffer };

export type PageRenderer = {
  /** The whole document of a public page, or null for a private path (the browser renders those). */
  render(options: { url: string; origin: string; ageAccepted: boolean; dataVersion: string }): Promise<Page | null>;
};

/** The build of the server entry, next to the client build: apps/web/dist-ssr/entry-server.js. */
export function entryPathFor(distDir: string): string {
  return path.join(distDir, "..", "dist-ssr", "entry-server.js");
}

/**
 * The document around the rendered page, from the built index.html: its title and description are replaced by
 * the page's, the page's tags go right after the charset (the LCP image preload early), the markup into #root.
 */
function splitTemplate(indexHtml: string) {
  const cleaned = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "");
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(cleaned);
  const headAt = charset ? charset.index + charset[0].length : cleaned.indexOf("</head>");
  const rootTag = '<div id="root"></div>';
  const rootAt = cleaned.indexOf(rootTag);
  if (headAt < 0 || rootAt < headAt) return null;
  return {
    start: cleaned.slice(0, headAt),
    middle: cleaned.slice(headAt, rootAt),
    end: cleaned.slice(rootAt + rootTag.length),
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
): Promise<PageRenderer | null> {
  const entryFile = entryPathFor(distDir);
  const template = splitTemplate(indexHtml);
  if (!existsSync(entryFile) || !template) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  const preloads = modulePreloads(distDir, indexHtml);

  const pageApi = createPageApi(app);
  entry.configure({ transport: pageApi });

  return {
    async render({ url, origin, ageAccepted, dataVersion }) {
      const page = await entry.render({ url, origin, ageAccepted, dataVersion });
      if (!page) return null;
      const head = page.head + preloads(page.pageModule);
      const html = template.start + head + template.middle + page.body + template.end;
      return { status: page.status, html: Buffer.from(html) };
    },
  };
}
