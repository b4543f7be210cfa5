import { chmod, readdir, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Takes group and other permissions off every file and folder under `dir` (files 0600, folders 0700 at most).
 * PGlite unpacks its initial database with world-readable files, whatever the process umask; the files it
 * creates afterwards follow the umask.
 */
export async function restrictToOwner(dir: string): Promise<number> {
  let changed = 0;
  const visit = async (target: string): Promise<void> => {
    const info = await stat(target).catch(() => null);
    if (!info) return;
    if ((info.mode & 0o077) !== 0) {
      await chmod(target, info.mode & 0o700);
      changed += 1;
    }
    if (info.isDirectory()) {
      for (const entry of await readdir(target)) await visit(path.join(target, entry));
    }
  };
  await visit(dir);
  return changed;
}
