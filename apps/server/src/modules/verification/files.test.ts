// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { loadConfig } from "../../config";
import { deriveFileKey, openFile, sealFile } from "../../lib/file-cipher";

describe("verification files at rest", () => {
  test("AES-256-GCM: a sealed file opens with its key only, and any altered byte is refused", () => {
    const key = randomBytes(32);
    const plain = Buffer.from("documento de identidade");
    const sealed = sealFile(key, plain);
    assert.ok(!sealed.includes(plain), "the text does not appear in the sealed file");
    assert.notDeepEqual(sealFile(key, plain), sealed, "a fresh IV each time");
    assert.deepEqual(openFile(key, sealed), plain);
    assert.throws(() => openFile(randomBytes(32), sealed));
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    assert.throws(() => openFile(key, altered));
  });

  test("the derived key differs by use and by server secret", () => {
    const a = deriveFileKey("secret-1", "vitrine:verification-files:v1");
    assert.equal(a.length, 32);
    assert.notDeepEqual(a, deriveFileKey("secret-2", "vitrine:verification-files:v1"));
    assert.notDeepEqual(a, deriveFileKey("secret-1", "vitrine:moderation-evidence:v1"));
  });

  test("production requires VERIFICATION_FILES_KEY of 32 bytes; elsewhere it may be unset", () => {
    const base = {
      DATA_DIR: `/tmp/vitrine-verification-config-${process.pid}`,
      MODERATION_EVIDENCE_KEY: "11".repeat(32),
    };
    assert.throws(() => loadConfig({ ...base, NODE_ENV: "production" }), /VERIFICATION_FILES_KEY é obrigatória/);
    assert.throws(() => loadConfig({ ...base, VERIFICATION_FILES_KEY: "abcd" }), /32 bytes/);
    assert.equal(loadConfig(base).verificationFilesKey, undefined);
    const hex = loadConfig({ ...base, VERIFICATION_FILES_KEY: "ab".repeat(32) }).verificationFilesKey;
    assert.deepEqual(hex, Buffer.alloc(32, 0xab));
    const b64 = loadConfig({ ...base, VERIFICATION_FILES_KEY: Buffer.alloc(32, 7).toString("base64") });
    assert.deepEqual(b64.verificationFilesKey, Buffer.alloc(32, 7));
  });
});
