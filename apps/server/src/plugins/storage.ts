import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live: local disk (below, the default) or an S3-compatible bucket (s3-storage.ts), chosen in
 * storages.ts; the routes never know which. Keys are relative paths such as "photos/abc123-800.webp".
 *
 * New files are written in two steps so that a crash never leaves a file nobody owns: `stage` writes it where
 * nothing serves it, the caller commits its database row, then `commit` moves it into place. A staged file whose
 * row never committed is removed by the storage sweep; one whose row did is moved into place by it.
 */
export interface Storage {
  /** Writes an object straight into place (seed data; uploads use stage and commit). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Writes an object to the staging area, where `get` does not see it. */
  stage(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Moves a staged object into place; done already (e.g. by the sweep) is not an error. */
  commit(key: string): Promise<void>;
  /** Staged objects and when each was written, for the sweep. */
  listStaged(): Promise<{ key: string; stagedAt: Date }[]>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the object, in place and staged; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the browser uses for a key (served by the app's uploads route for local disk). */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
/** Under the storage root (or prefix); no key can name it, since keys start with a letter or digit. */
export const STAGING_DIR = ".staging";
/** Photos include private ones: only the server's user may read them. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Keys are relative paths of letters, digits and `/_.-`, never climbing out (`..`) nor naming the staging area. */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

const isMissing = (err: unknown) => (err as { code?: string } | null)?.code === "ENOENT";

async function writePrivateFile(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
  await writeFile(file, data, { mode: FILE_MODE });
}

/** Every file under `dir`, as paths relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

export function createLocalStorage(rootDir: string): Storage {
  const stagingDir = path.join(rootDir, STAGING_DIR);
  const placed = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  const staged = (key: string) => {
    assertSafeKey(key);
    return path.join(stagingDir, key);
  };
  return {
    async put(key, data) {
      await writePrivateFile(placed(key), data);
    },
    async stage(key, data) {
      await writePrivateFile(staged(key), data);
    },
    async commit(key) {
      const target = placed(key);
      await mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE });
      try {
        await rename(staged(key), target);
      } catch (err) {
        // Moved already by a concurrent sweep: fine as long as the file is in place.
        if (!isMissing(err) || !(await stat(target).catch(() => null))) throw err;
      }
    },
    async listStaged() {
      const keys = await listFiles(stagingDir);
      const found = await Promise.all(
        keys.map(async (relative) => {
          const info = await stat(path.join(stagingDir, relative)).catch(() => null);
          // Whole milliseconds rounded down: Node rounds `mtime` to the nearest one, which can put a file staged
          // this very millisecond after `new Date()`, and a sweep with no grace would keep it.
          return info
            ? { key: relative.split(path.sep).join("/"), stagedAt: new Date(Math.floor(info.mtimeMs)) }
            : null;
        }),
      );
      return found.filter((f) => f !== null);
    },
    async get(key) {
      const file = placed(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await Promise.all([rm(placed(key), { force: true }), rm(staged(key), { force: true })]);
    },
    url(key) {
      return `/uploads/${key}`;
    },
  };
}
