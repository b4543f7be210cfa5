import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { loadReferenceData } from "../db/reference-data";
import { settings } from "../db/schema";

/** The repository's root: digests name files relative to it, so every checkout of the same sources agrees. */
const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/**
 * A digest of `extra` and of the files under `paths` (folders or files, relative to the repository root; test
 * files left out), by their relative paths and contents: what a prepared thing was made from. Anything prepared
 * once and reused (databases, data directories, builds) is keyed by one of these, so it is remade when they change.
 */
export function digestOf(paths: string[], extra: unknown = null): string {
  const hash = createHash("sha256").update(JSON.stringify(extra));
  const files = paths.flatMap((p) => {
    const absolute = path.join(repoRoot, p);
    if (statSync(absolute).isFile()) return [absolute];
    return readdirSync(absolute, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith(".test.ts"))
      .map((e) => path.join(e.parentPath, e.name));
  });
  for (const file of files.sort()) hash.update(path.relative(repoRoot, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * What a prepared database is made of: the migrations, the reference data and the code that loads them, and
 * `extra` (what else the caller puts in it). A prepared database is reused only while these are unchanged.
 */
export function preparedDataKey(extra: unknown = null): string {
  return digestOf(["apps/server/drizzle", "apps/server/src/db"], extra);
}

/**
 * Makes the folder `target` once for everyone: when it is missing, `build` fills a new folder beside it, which is
 * then renamed to `target` whole, so no reader ever sees it half made. Processes that find it missing at the same
 * time each build one; the first rename wins and the others remove theirs (they are the same).
 */
export async function prepareOnce(target: string, build: (dir: string) => Promise<void>): Promise<void> {
  if (existsSync(target)) return;
  const building = `${target}.${process.pid}.${randomBytes(4).toString("hex")}`;
  mkdirSync(building, { recursive: true, mode: 0o700 });
  try {
    await build(building);
    renameSync(building, target);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

/**
 * Gives a test server's empty data directory (`DATA_DIR`) the embedded database a first start would make, so
 * that the server starts as on its second day: on these machines PGlite's initdb and the migrations take ~10 s
 * of CPU, paid once per set of migrations instead of at every start (each browser test file starts one or more
 * servers; crash tests restart theirs). The copy holds the migrations and the reference data (states,
 * municipalities, categories) and nothing else: no settings and no admin, which the server's start writes from
 * its own ADMIN_EMAIL and ADMIN_PASSWORD as on a first start. A directory that already has a database is left
 * as it is (a server restarted on its data).
 *
 * The prepared directory lives in the temporary folder under a name of its key (prepareOnce).
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (existsSync(target)) return;
  const prepared = path.join(tmpdir(), `vitrine-test-datadir-${preparedDataKey()}`);
  await prepareOnce(prepared, async (building) => {
    const database = openDatabase({ dataDir: building });
    try {
      await database.migrate();
      await loadReferenceData(database.db);
      await database.db.delete(settings);
    } finally {
      await database.close();
    }
  });
  cpSync(path.join(prepared, "pglite"), target, { recursive: true });
}
