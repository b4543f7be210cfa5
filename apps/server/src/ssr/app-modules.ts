import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_MODULES_ATTRIBUTE } from "@vitrine/contracts";

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/**
 * The JavaScript files of the built web app, from Vite's manifest. The entry is a small first script; it imports
 * the app (its dynamic import) and, on a server-rendered page, the page's screen. It learns which files those need
 * from its `data-modules` attribute and asks for them all at once, so the app does not wait for one module to
 * name the next.
 */
export type AppModules = {
  /** The files the app's start needs beyond the entry. */
  app: string[];
  /** The files a page's screen (its lazy route module) needs beyond those (the renderer keeps its answer). */
  page(pageModule: string | null): string[];
};

export function readAppModules(distDir: string): AppModules {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return { app: [], page: () => [] };
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const closure = (key: string, files = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return files;
    files.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) closure(dep, files);
    return files;
  };
  const entryFiles = new Set<string>();
  const appFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    closure(key, entryFiles);
    for (const dynamic of chunk.dynamicImports ?? []) closure(dynamic, appFiles);
  }
  const loaded = new Set([...entryFiles, ...appFiles]);
  return {
    app: [...appFiles].filter((file) => !entryFiles.has(file)),
    page(pageModule) {
      if (!pageModule || !manifest[pageModule]) return [];
      return [...closure(pageModule)].filter((file) => !loaded.has(file));
    },
  };
}

const FIRST_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The first script's tag, listing the files it is to fetch at once. On a server-rendered page it is fetched with a
 * low priority: the page is readable without it, so the stylesheet and the LCP image go first.
 */
export function firstScriptTag(src: string, files: string[], options: { lowPriority?: boolean } = {}): string {
  const priority = options.lowPriority ? ' fetchpriority="low"' : "";
  return (
    `<script type="module"${priority} crossorigin src="${escapeAttribute(src)}" ` +
    `${PAGE_MODULES_ATTRIBUTE}="${escapeAttribute(files.join(" "))}"></script>`
  );
}

/** The built index.html's first script (its src), and the document without it. */
export function takeFirstScript(indexHtml: string): { src: string | null; html: string } {
  const match = FIRST_SCRIPT.exec(indexHtml);
  if (!match) return { src: null, html: indexHtml };
  return { src: match[1], html: indexHtml.replace(FIRST_SCRIPT, "") };
}

/** The shell (pages the browser renders) with its first script listing the app's files. */
export function shellWithAppModules(indexHtml: string, modules: AppModules): string {
  const match = FIRST_SCRIPT.exec(indexHtml);
  return match ? indexHtml.replace(FIRST_SCRIPT, firstScriptTag(match[1], modules.app)) : indexHtml;
}
