import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = fileURLToPath(new URL("../../../web", import.meta.url));

/** A minimal built shell: the first script, then the stylesheet, as Vite writes them. */
const TEMPLATE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Vitrine</title>' +
  '<meta name="description" content="shell" /><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** Vite's manifest for that shell: the entry imports the app's start, which the home page's chunk shares code with. */
const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": { file: "assets/start.js", imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "src/features/public/pages/home-page.tsx": { file: "assets/home-page.js", imports: ["_vendor.js", "_card.js"] },
  "_card.js": { file: "assets/card.js" },
};

export type SsrFixture = { distDir: string; remove: () => void };

/**
 * The web app's server entry built from the sources (the same build as `npm run build`) next to a minimal shell
 * and manifest, for tests of the server-rendered pages. Inside node_modules so that the entry's imports (react,
 * react-dom…) resolve as they do from apps/web/dist-ssr.
 */
export async function buildSsrFixture(): Promise<SsrFixture> {
  const cache = path.join(webRoot, "..", "..", "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "vitrine-ssr-"));
  mkdirSync(path.join(dir, "dist", ".vite"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "index.html"), TEMPLATE);
  writeFileSync(path.join(dir, "dist", ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  const { build } = await import("vite");
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { ssr: "src/entry-server.tsx", outDir: path.join(dir, "dist-ssr"), emptyOutDir: true },
  });
  return { distDir: path.join(dir, "dist"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
