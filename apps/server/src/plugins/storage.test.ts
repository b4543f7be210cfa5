// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../config";
import { startLocalS3, type LocalS3 } from "../test/s3";
import { createS3Storage } from "./s3-storage";
import { createLocalStorage, type Storage } from "./storage";
import { createStorages } from "./storages";

/**
 * One contract, run over every Storage implementation: local disk and an S3 API (s3rver, started here). The
 * photo routes, the sweep and the crash tests rely on exactly these behaviours.
 */
let s3: LocalS3;
let diskRoot: string;
before(async () => {
  s3 = await startLocalS3();
  diskRoot = mkdtempSync(path.join(tmpdir(), "vitrine-storage-contract-"));
});
after(async () => {
  await s3.close();
  rmSync(diskRoot, { recursive: true, force: true });
});

let fresh = 0;
const implementations: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(path.join(diskRoot, `root-${++fresh}`))],
  ["S3", () => createS3Storage({ ...s3.config, prefix: `root-${++fresh}/` })],
];

const read = async (storage: Storage, key: string) => {
  const object = await storage.get(key);
  return object ? { size: object.size, data: (await buffer(object.stream)).toString() } : null;
};

const UNSAFE_KEYS = [
  "../outside",
  "photos/../../outside",
  "/etc/passwd",
  ".staging/photos/a-400.webp",
  "",
  " photos/a",
];

for (const [name, make] of implementations) {
  describe(`Storage contract: ${name}`, () => {
    test("put, get and delete; a missing key reads as null and deletes without error", async () => {
      const storage = make();
      await storage.put("photos/a-400.webp", Buffer.from("conteúdo"), "image/webp");
      assert.deepEqual(await read(storage, "photos/a-400.webp"), { size: 9, data: "conteúdo" });
      assert.equal(await storage.get("photos/b-400.webp"), null);
      await storage.delete("photos/a-400.webp");
      assert.equal(await storage.get("photos/a-400.webp"), null);
      await storage.delete("photos/a-400.webp");
      assert.equal(storage.url("photos/a-400.webp"), "/uploads/photos/a-400.webp");
    });

    test("a staged object is invisible until committed, listed with when it was staged", async () => {
      const storage = make();
      const before = Date.now();
      await storage.stage("photos/s-400.webp", Buffer.from("staged"), "image/webp");
      assert.equal(await storage.get("photos/s-400.webp"), null);
      const staged = await storage.listStaged();
      assert.deepEqual(
        staged.map((s) => s.key),
        ["photos/s-400.webp"],
      );
      // Second precision at worst (S3's LastModified), and clocks of one machine.
      assert.ok(Math.abs(staged[0]!.stagedAt.getTime() - before) < 60_000, String(staged[0]!.stagedAt));

      await storage.commit("photos/s-400.webp");
      assert.deepEqual(await read(storage, "photos/s-400.webp"), { size: 6, data: "staged" });
      assert.deepEqual(await storage.listStaged(), []);
    });

    test("an object staged this very moment is never listed as staged later than now", async () => {
      // The start-up sweep discards every unowned staged file no younger than 0 ms: one dated in the future stays.
      const storage = make();
      for (let i = 0; i < 20; i++) {
        await storage.stage(`photos/t${i}-400.webp`, Buffer.from("x"), "image/webp");
        const now = Date.now();
        for (const { key, stagedAt } of await storage.listStaged())
          assert.ok(stagedAt.getTime() <= now, `${key}: ${stagedAt.toISOString()} > ${new Date(now).toISOString()}`);
      }
    });

    test("commit is idempotent, but committing what was never staged fails", async () => {
      const storage = make();
      await storage.stage("verification/x.bin", Buffer.from("x"), "application/octet-stream");
      await storage.commit("verification/x.bin");
      await storage.commit("verification/x.bin"); // done already (say, by the sweep): not an error
      assert.equal((await read(storage, "verification/x.bin"))?.data, "x");
      await assert.rejects(storage.commit("verification/never.bin"));
    });

    test("delete removes the staged copy too", async () => {
      const storage = make();
      await storage.put("photos/d-400.webp", Buffer.from("placed"), "image/webp");
      await storage.stage("photos/d-400.webp", Buffer.from("staged"), "image/webp");
      await storage.stage("photos/e-400.webp", Buffer.from("staged"), "image/webp");
      await storage.delete("photos/d-400.webp");
      assert.equal(await storage.get("photos/d-400.webp"), null);
      assert.deepEqual(
        (await storage.listStaged()).map((s) => s.key),
        ["photos/e-400.webp"],
      );
    });

    test("keys that could leave the storage, or name its staging area, are refused by every call", async () => {
      const storage = make();
      await storage.stage("photos/h-400.webp", Buffer.from("hidden"), "image/webp");
      for (const key of UNSAFE_KEYS) {
        await assert.rejects(storage.put(key, Buffer.from("x"), "image/webp"), /unsafe storage key/, key);
        await assert.rejects(storage.stage(key, Buffer.from("x"), "image/webp"), /unsafe storage key/, key);
        await assert.rejects(storage.commit(key), /unsafe storage key/, key);
        await assert.rejects(storage.get(key), /unsafe storage key/, key);
        await assert.rejects(storage.delete(key), /unsafe storage key/, key);
      }
      // The staged object stays out of reach.
      assert.deepEqual(
        (await storage.listStaged()).map((s) => s.key),
        ["photos/h-400.webp"],
      );
    });
  });
}

describe("S3 storage", () => {
  test("keeps its objects under its own prefix: two storages on one bucket never see each other's", async () => {
    const uploads = createS3Storage({ ...s3.config, prefix: "p1/uploads/" });
    const evidence = createS3Storage({ ...s3.config, prefix: "p1/evidence/" });
    await uploads.put("case-1/a.bin", Buffer.from("u"), "application/octet-stream");
    await evidence.stage("case-1/a.bin", Buffer.from("e"), "application/octet-stream");
    assert.equal((await read(uploads, "case-1/a.bin"))?.data, "u");
    assert.equal(await evidence.get("case-1/a.bin"), null);
    assert.deepEqual(await uploads.listStaged(), []);
    assert.deepEqual(await s3.keys("p1/"), ["p1/evidence/.staging/case-1/a.bin", "p1/uploads/case-1/a.bin"]);
  });

  test("a prefix must end in a slash", () => {
    for (const prefix of ["", "uploads", "/uploads/", "../uploads/"]) {
      assert.throws(() => createS3Storage({ ...s3.config, prefix }), /prefix/, prefix);
    }
  });

  test("a bucket that does not exist is an error, never a missing photo", async () => {
    const storage = createS3Storage({ ...s3.config, bucket: "nao-existe", prefix: "uploads/" });
    await assert.rejects(storage.get("photos/a-400.webp"), /bucket/i);
  });
});

describe("S3 settings", () => {
  const base = { DATA_DIR: path.join(tmpdir(), `vitrine-s3-config-${process.pid}`) };
  after(() => rmSync(base.DATA_DIR, { recursive: true, force: true }));
  const full = {
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_BUCKET: "fotos",
    S3_ACCESS_KEY_ID: "chave",
    S3_SECRET_ACCESS_KEY: "segredo",
  };

  test("none set: local disk; all four: the bucket, with region us-east-1 and path-style addressing by default", () => {
    assert.equal(loadConfig(base).s3, null);
    assert.deepEqual(loadConfig({ ...base, ...full }).s3, {
      endpoint: "http://127.0.0.1:9000",
      bucket: "fotos",
      region: "us-east-1",
      accessKeyId: "chave",
      secretAccessKey: "segredo",
      forcePathStyle: true,
    });
    const aws = loadConfig({ ...base, ...full, S3_REGION: "sa-east-1", S3_FORCE_PATH_STYLE: "false" }).s3;
    assert.deepEqual([aws?.region, aws?.forcePathStyle], ["sa-east-1", false]);
  });

  test("a partial or malformed setting stops the start-up with a message naming what is missing", () => {
    for (const env of [{ NODE_ENV: "production" }, {}]) {
      const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = full;
      assert.throws(
        () => loadConfig({ ...base, ...env, ...partial }),
        /Configuração S3 incompleta: falta S3_BUCKET, S3_SECRET_ACCESS_KEY/,
      );
    }
    assert.throws(() => loadConfig({ ...base, ...full, S3_ENDPOINT: "minio:9000" }), /S3_ENDPOINT deve ser/);
    assert.throws(() => loadConfig({ ...base, ...full, S3_FORCE_PATH_STYLE: "talvez" }), /S3_FORCE_PATH_STYLE/);
  });

  test("with S3 set, photos go under uploads/ and evidence under evidence/ of the bucket", async () => {
    const storages = createStorages({ dataDir: diskRoot, s3: s3.config });
    try {
      await storages.storage.put("photos/settings-400.webp", Buffer.from("f"), "image/webp");
      await storages.evidenceStorage.put("case-9/settings.bin", Buffer.from("e"), "application/octet-stream");
      assert.deepEqual(await s3.keys("uploads/photos/settings"), ["uploads/photos/settings-400.webp"]);
      assert.deepEqual(await s3.keys("evidence/case-9/"), ["evidence/case-9/settings.bin"]);
    } finally {
      storages.close();
    }
  });
});
