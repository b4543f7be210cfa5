// Prints, per public route, the compressed (brotli) JavaScript its first load downloads, and fails when a route
// is over the budget or pulls in code that public pages must never load (charts, zod schemas).
// The first load of a route is the entry chunk, the app module the entry imports once the page is painted, and
// the route's lazy page chunk, each with its static imports, read from Vite's manifest. Run after `npm run build`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "apps/web/dist");
const BUDGET = 100 * 1024;
const manifestFile = path.join(dist, ".vite", "manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`size: ${manifestFile} não existe — rode npm run build antes.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

// The public routes are the server-rendered ones of the web app's route table, read from its built server entry.
const { pageRoutes } = await import(pathToFileURL(path.join(dist, "..", "dist-ssr", "entry-server.js")).href);
const ROUTES = [
  ...pageRoutes.filter((r) => r.serverRendered).map((r) => ({ route: r.path, page: r.pageModule })),
  { route: "404", page: null },
];

/** Code that public pages must not load: the charts kit and zod (schemas belong to forms and the server). */
const FORBIDDEN = [
  { name: "Recharts", marker: "recharts-wrapper" },
  { name: "zod", marker: "$ZodType" },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

function closure(key, seen = new Set()) {
  if (!key || seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`size: ${key} não está no manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const compressed = new Map();
function brotliSize(file) {
  if (!compressed.has(file)) {
    const full = path.join(dist, file);
    const size = existsSync(`${full}.br`)
      ? readFileSync(`${full}.br`).length
      : brotliCompressSync(readFileSync(full), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    compressed.set(file, size);
  }
  return compressed.get(file);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
console.log(`JavaScript da primeira carga (brotli), limite ${kb(BUDGET)}:`);
for (const { route, page } of ROUTES) {
  const keys = closure(entryKey);
  for (const app of manifest[entryKey].dynamicImports ?? []) closure(app, keys);
  if (page) closure(page, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  const total = files.reduce((sum, file) => sum + brotliSize(file), 0);
  const found = FORBIDDEN.filter(({ marker }) =>
    files.some((file) => readFileSync(path.join(dist, file), "utf8").includes(marker)),
  ).map(({ name }) => name);
  const over = total > BUDGET;
  if (over || found.length) failed = true;
  const notes = [over ? "ACIMA DO LIMITE" : "", found.length ? `contém ${found.join(", ")}` : ""].filter(Boolean);
  console.log(
    `  ${route.padEnd(34)} ${kb(total).padStart(9)}  ${files.length} arquivos${notes.length ? `  ← ${notes.join("; ")}` : ""}`,
  );
}
process.exit(failed ? 1 : 0);
