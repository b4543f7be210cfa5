// Builds the server to JavaScript: apps/server/src/server.ts → apps/server/dist/server.js (one ES module, with a
// source map), run by `npm run serve` with plain node. `--outfile PATH` writes it elsewhere (the tests' copy of the
// sources' server, apps/server/src/test/server-bundle.ts; it must stay inside apps/server). @vitrine/contracts (TypeScript sources) is inlined; the
// packages of apps/server/package.json stay external and load from node_modules. The files the server reads at
// run time (migrations, reference data, the web build) stay where they are: the server finds them from its
// package directory (apps/server/src/lib/server-root.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "apps/server");
const { dependencies } = JSON.parse(readFileSync(path.join(server, "package.json"), "utf8"));

const at = process.argv.indexOf("--outfile");
const outfile = at === -1 ? path.join(server, "dist/server.js") : path.resolve(process.argv[at + 1]);

await build({
  entryPoints: [path.join(server, "src/server.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // A package marked external takes its subpaths along ("drizzle-orm/pg-core").
  external: Object.keys(dependencies),
  logLevel: "warning",
});
