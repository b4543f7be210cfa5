import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { digestOf, prepareOnce } from "./prepared-data";

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
 * The web app's server entry built from the sources (the same build as `npm run build`) next to SHELL_TEMPLATE and
 * `manifest`. The build itself is made once per set of web sources (prepareOnce) inside node_modules, so that its
 * imports (react, react-dom…) resolve as they do from apps/web/dist-ssr; each caller gets its own folder whose
 * dist-ssr links to it.
 */
export async function buildServerEntry(manifest: object): Promise<ServerEntryBuild> {
  const cache = path.join(webRoot, "..", "..", "node_modules", ".cache");
  const sources = ["apps/web/src", "apps/web/vite.config.ts", "apps/web/package.json", "packages/contracts/src"];
  const built = path.join(cache, `vitrine-ssr-build-${digestOf(sources)}`);
  mkdirSync(cache, { recursive: true });
  // In a process of its own, as `npm run build` runs it: Vite sets process.env.NODE_ENV for the process it builds in,
  // and test files share their worker process.
  await prepareOnce(built, async (outDir) => {
    const vite = path.join(path.dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js");
    execFileSync(
      process.execPath,
      [vite, "build", "--ssr", "src/entry-server.tsx", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      { cwd: webRoot, stdio: "inherit" },
    );
  });
  const dir = mkdtempSync(path.join(cache, "vitrine-ssr-"));
  mkdirSync(path.join(dir, "dist", ".vite"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "index.html"), SHELL_TEMPLATE);
  writeFileSync(path.join(dir, "dist", ".vite", "manifest.json"), JSON.stringify(manifest));
  symlinkSync(built, path.join(dir, "dist-ssr"), "dir");
  return { dir, distDir: path.join(dir, "dist"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
