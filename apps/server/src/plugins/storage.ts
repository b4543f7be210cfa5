import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Local disk today; an S3-compatible implementation of the same four calls can
 * replace it without touching the routes. Keys are relative paths such as "photos/abc123-800.webp".
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** The URL the browser uses for a key (served by the app's uploads route for local disk). */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(rootDir: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url(key) {
      return `/uploads/${key}`;
    },
  };
}
