import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildRegistration } from "../../test/factories";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { exitSignal, serverProcess, type ServerProcess } from "../../test/server-process";
import { makePng } from "./test-support";

/**
 * Kills a real server process (SIGKILL, from inside, at a failpoint) in the middle of writing or deleting a
 * photo, restarts it on the same data, and compares the stored files with the photos the API lists: once with the
 * photos on local disk, once in an S3 bucket (a real S3 API, s3rver, run by this test process).
 */
type Backend = {
  name: string;
  /** Starts what the backend needs; returns the server's extra environment. */
  setup(): Promise<Record<string, string>>;
  teardown(): Promise<void>;
  /** The names of the stored photo files, in place and in the staging area. */
  placed(): Promise<string[]>;
  staged(): Promise<string[]>;
};

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const variantsOf = (filename: string) => [400, 800, 1600].map((w) => `${filename}-${w}.webp`).sort();
const modeOf = (file: string) => statSync(file).mode & 0o777;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

let dataDir: string;
const uploadsDir = () => path.join(dataDir, "uploads");

const localDisk: Backend = {
  name: "local disk",
  setup: async () => ({}),
  teardown: async () => {},
  placed: async () => filesIn(path.join(uploadsDir(), "photos")),
  staged: async () => filesIn(path.join(uploadsDir(), ".staging", "photos")),
};

let s3: LocalS3;
const names = (keys: string[]) => keys.map((key) => key.slice(key.lastIndexOf("/") + 1)).sort();
const s3Bucket: Backend = {
  name: "S3",
  setup: async () => {
    s3 = await startLocalS3();
    return s3.env;
  },
  teardown: () => s3.close(),
  placed: async () => names(await s3.keys("uploads/photos/")),
  staged: async () => names(await s3.keys("uploads/.staging/photos/")),
};

for (const backend of [localDisk, s3Bucket]) {
  describe(`a server killed mid-write or mid-delete leaves no orphan files (${backend.name})`, () => {
    let proc: ServerProcess;
    let token: string;
    const baseUrl = () => proc.baseUrl;
    const startServer = (failpoint?: string) => proc.start(failpoint);
    const stopServer = () => proc.stop();
    const placedFiles = () => backend.placed();
    const stagedFiles = () => backend.staged();

    async function upload(): Promise<Response> {
      const form = new FormData();
      form.append("photo", new Blob([await makePng(320, 240)], { type: "image/png" }), "foto.png");
      return fetch(`${baseUrl()}/api/models/photos`, { method: "POST", headers: auth(token), body: form });
    }

    async function listPhotos(): Promise<{ id: number; filename: string; url: string }[]> {
      const res = await fetch(`${baseUrl()}/api/models/photos`, { headers: auth(token) });
      assert.equal(res.status, 200);
      return ((await res.json()) as { photos: { id: number; filename: string; url: string }[] }).photos;
    }

    before(async () => {
      // A folder the server itself creates, so that its mode is the server's doing.
      dataDir = path.join(mkdtempSync(path.join(tmpdir(), "vitrine-crash-")), "data");
      proc = await serverProcess({ dataDir, env: await backend.setup() });
    });
    after(async () => {
      await proc?.close();
      await backend.teardown();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    });

    test("killed after the files are written, before the commit: the restart removes them", async () => {
      const child = await startServer("photo-after-files");
      const res = await fetch(`${baseUrl()}/api/auth/model/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(buildRegistration()),
      });
      assert.equal(res.status, 201);
      token = ((await res.json()) as { token: string }).token;

      await assert.rejects(upload(), "the upload should die with the server");
      assert.equal(await exitSignal(child), "SIGKILL");
      assert.equal((await stagedFiles()).length, 3, "the variants were written to the staging area");
      assert.deepEqual(await placedFiles(), []);

      await startServer();
      assert.deepEqual(await listPhotos(), []);
      assert.deepEqual(await stagedFiles(), []);
      assert.deepEqual(await placedFiles(), []);
      await stopServer();
    });

    test("killed after the commit, before the files are moved into place: the restart finishes the move", async () => {
      const child = await startServer("photo-after-commit");
      await assert.rejects(upload());
      assert.equal(await exitSignal(child), "SIGKILL");
      assert.equal((await stagedFiles()).length, 3);

      await startServer();
      const photos = await listPhotos();
      assert.equal(photos.length, 1);
      assert.deepEqual(await placedFiles(), variantsOf(photos[0]!.filename));
      assert.deepEqual(await stagedFiles(), []);
      const image = await fetch(`${baseUrl()}${photos[0]!.url}`);
      assert.equal(image.status, 200);
      assert.equal(image.headers.get("content-type"), "image/webp");
      await stopServer();
    });

    test("killed after a deletion's commit, before the unlink: the restart removes the deleted photo's files", async () => {
      const child = await startServer("photo-delete-after-commit");
      const [photo] = await listPhotos();
      await assert.rejects(
        fetch(`${baseUrl()}/api/models/photos/${photo!.id}`, { method: "DELETE", headers: auth(token) }),
      );
      assert.equal(await exitSignal(child), "SIGKILL");
      assert.deepEqual(await placedFiles(), variantsOf(photo!.filename), "the files outlived the row");

      await startServer();
      assert.deepEqual(await listPhotos(), []);
      assert.deepEqual(await placedFiles(), []);
      await stopServer();
    });

    if (backend === s3Bucket) {
      test("with S3, nothing of the photos is written under DATA_DIR", async () => {
        await startServer();
        assert.equal((await upload()).status, 201);
        await stopServer();
        assert.equal((await placedFiles()).length, 3);
        assert.equal(existsSync(uploadsDir()), false);
      });
      return;
    }

    test("everything under DATA_DIR is readable by its owner only", async () => {
      await startServer();
      assert.equal((await upload()).status, 201);
      await stopServer();
      const [photo] = await placedFiles();
      assert.ok(photo);
      for (const dir of [
        dataDir,
        uploadsDir(),
        path.join(uploadsDir(), "photos"),
        path.join(uploadsDir(), ".staging"),
      ]) {
        assert.equal(modeOf(dir).toString(8), "700", dir);
      }
      assert.equal(modeOf(path.join(uploadsDir(), "photos", photo)).toString(8), "600");
      assert.equal(modeOf(path.join(dataDir, "jwt-secret")).toString(8), "600");
      const pglite = path.join(dataDir, "pglite");
      if (proc.database === "postgres") {
        assert.equal(existsSync(pglite), false, "no PGlite database beside PostgreSQL");
        return;
      }
      assert.equal(modeOf(pglite) & 0o077, 0, "pglite dir");
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)],
        );
      const open = walk(pglite)
        .filter((f) => (modeOf(f) & 0o077) !== 0)
        .map((f) => `${path.relative(pglite, f)} ${modeOf(f).toString(8)}`);
      assert.deepEqual(open, [], "database files readable by others");
    });
  });
}
