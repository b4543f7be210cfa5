import { existsSync } from "node:fs";
import path from "node:path";

/** The nearest directory at or above `from` that holds a package.json. */
function packageRootAbove(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Nenhum package.json acima de ${from}`);
  }
}

/**
 * The server package's directory (apps/server), the base of every file the server reads at run time: the
 * migrations (drizzle/), the reference data (src/db/reference/) and, beside it, the web build (../web/dist).
 * It is the package above this module, so the sources (src/lib) and the bundle (dist/server.js) find the same files.
 */
export const serverRoot = packageRootAbove(import.meta.dirname);
