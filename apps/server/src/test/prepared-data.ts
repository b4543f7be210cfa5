import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { loadReferenceData } from "../db/reference-data";
import { settings } from "../db/schema";

const serverDir = path.resolve(import.meta.dirname, "..", "..");

/**
 * What a prepared database is made of: the migrations, the reference data and the code that loads them, and
 * `extra` (what else the caller puts in it). A prepared database is reused only while these are unchanged.
 */
export function preparedDataKey(extra: unknown = null): string {
  const hash = createHash("sha256").update(JSON.stringify(extra));
  const files = [
    ...readdirSync(path.join(serverDir, "drizzle"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
    ...readdirSync(path.join(serverDir, "src", "db"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith(".test.ts"))
      .map((e) => path.join(e.parentPath, e.name)),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
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
 * The prepared directory lives in the temporary folder under a name of its key; concurrent first callers each
 * prepare one and the first rename wins.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (existsSync(target)) return;
  const prepared = path.join(tmpdir(), `vitrine-test-datadir-${preparedDataKey()}`);
  if (!existsSync(prepared)) {
    const building = `${prepared}.${process.pid}.${randomBytes(4).toString("hex")}`;
    mkdirSync(building, { recursive: true, mode: 0o700 });
    const database = openDatabase({ dataDir: building });
    try {
      await database.migrate();
      await loadReferenceData(database.db);
      await database.db.delete(settings);
    } finally {
      await database.close();
    }
    try {
      renameSync(building, prepared);
    } catch {
      // Another process prepared it first: the same database.
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(path.join(prepared, "pglite"), target, { recursive: true });
}
