import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { digestOf, prepareOnce } from "./prepared-data";

const root = path.resolve(import.meta.dirname, "../../../..");

/**
 * The server entry of the current sources compiled to one JavaScript file, as `npm run build` compiles it
 * (scripts/build-server.mjs), made once per set of sources (prepareOnce): tests that start a real server process
 * run it with plain node instead of loading every source through tsx at each start. It lives under apps/server
 * (node_modules/.cache), where the server finds its migrations and reference data as from dist/.
 */
export async function serverBundle(): Promise<string> {
  const cache = path.join(root, "apps/server/node_modules/.cache");
  const built = path.join(
    cache,
    `vitrine-server-${digestOf(["apps/server/src", "packages/contracts/src", "apps/server/package.json", "scripts/build-server.mjs"])}`,
  );
  mkdirSync(cache, { recursive: true });
  await prepareOnce(built, async (dir) => {
    execFileSync(process.execPath, ["scripts/build-server.mjs", "--outfile", path.join(dir, "server.js")], {
      cwd: root,
      stdio: "inherit",
    });
  });
  return path.join(built, "server.js");
}
