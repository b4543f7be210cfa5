import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe } from "node:test";

/**
 * Runs server test files inside one long-lived process instead of one process per file: loading the server's code
 * through tsx costs about 2 s of CPU per process, paid once per worker here instead of once per file.
 *
 * scripts/test.sh writes the list of test files (one path per line, slowest first) to `files` in the folder named by
 * VITRINE_TEST_QUEUE, and starts the worker entry files (worker-1.ts, worker-2.ts) with `node --test`. Each worker
 * takes the next file nobody has taken (a claim is a folder created atomically, so two workers never take the same
 * one) and runs it as a suite named by its path, which keeps the file's top-level before/after hooks and tests to
 * that file, as its own process would. A worker takes its next file once the last one's tests have run,
 * so the two share the work to the end. A file that fails to load fails its suite; the worker goes on. Each file
 * ended leaves `done-<index>` in the queue: scripts/test.sh fails the run when one is missing (a worker that died).
 */
export async function runQueuedTestFiles(): Promise<void> {
  const queue = process.env.VITRINE_TEST_QUEUE;
  if (!queue) throw new Error("VITRINE_TEST_QUEUE is not set: the workers run from scripts/test.sh");
  const root = path.resolve(import.meta.dirname, "../../../..");
  const files = readFileSync(path.join(queue, "files"), "utf8").split("\n").filter(Boolean);
  for (const [index, file] of files.entries()) {
    if (!claim(queue, index)) continue;
    const absolute = path.resolve(root, file);
    const environment = { ...process.env };
    await new Promise<void>((resolve) => {
      void describe(path.relative(root, absolute), async () => {
        // Registered before the file's own hooks, so that it runs even when one of theirs fails (Node skips the
        // after hooks behind a failing one). The next file's suite still starts only once this one has ended: the
        // root runs its suites one at a time. The environment goes back to what the file found (a library may set
        // a variable for its process, as Vite's build sets NODE_ENV).
        after(() => {
          restoreEnvironment(environment);
          writeFileSync(path.join(queue, `done-${index}`), "");
          resolve();
        });
        await import(pathToFileURL(absolute).href);
      });
    });
  }
}

/** True for the one worker whose folder for this file's index was created. */
function claim(queue: string, index: number): boolean {
  try {
    mkdirSync(path.join(queue, `claim-${index}`));
    return true;
  } catch {
    return false;
  }
}

function restoreEnvironment(saved: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
}
