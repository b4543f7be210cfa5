import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = fileURLToPath(new URL("../../../web", import.meta.url));

/** A minimal built index.html: the charset, title, description, first script and stylesheet, and #root. */
export const SHELL_TEMPLATE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Vitrine</title>' +
  '<meta name="description" content="shell" /><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** A web build for server tests: `dist` (the shell and Vite's manifest) beside `dist-ssr` (the server entry). */
export type ServerEntryBuild = { dir: string; distDir: string; remove: () => void };

/**
 * Builds the web app's server entry from the sources (the same build as `npm run build`) next to SHELL_TEMPLATE and
 * `manifest`, inside node_modules so that its imports (react, react-dom…) resolve as they do from
 * apps/web/dist-ssr.
 */
export async function buildServerEntry(manifest: object): Promise<ServerEntryBuild> {
  const cache = path.join(webRoot, "..", "..", "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "vitrine-ssr-"));
  mkdirSync(path.join(dir, "dist", ".vite"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "index.html"), SHELL_TEMPLATE);
  writeFileSync(path.join(dir, "dist", ".vite", "manifest.json"), JSON.stringify(manifest));
  const { build } = await import("vite");
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { ssr: "src/entry-server.tsx", outDir: path.join(dir, "dist-ssr"), emptyOutDir: true },
  });
  return { dir, distDir: path.join(dir, "dist"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
