// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { loadConfig } from "../../config";
import { decryptEvidence, encryptEvidence } from "./evidence";

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-evidence-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the evidence key and its encryption", () => {
  it("production requires MODERATION_EVIDENCE_KEY of 32 bytes; elsewhere it may be unset", () => {
    const base = { DATA_DIR: dataDir, PUBLIC_URL: "https://vitrine.example", AGE_ASSURANCE: "self-declaration" };
    assert.throws(() => loadConfig({ ...base, NODE_ENV: "production" }), /MODERATION_EVIDENCE_KEY/);
    assert.throws(() => loadConfig({ ...base, MODERATION_EVIDENCE_KEY: "abcd" }), /32 bytes/);
    assert.equal(loadConfig({ ...base, NODE_ENV: "development" }).moderationEvidenceKey, undefined);
    const hex = loadConfig({ ...base, MODERATION_EVIDENCE_KEY: "ab".repeat(32) }).moderationEvidenceKey;
    assert.deepEqual(hex, Buffer.alloc(32, 0xab));
    const b64 = loadConfig({ ...base, MODERATION_EVIDENCE_KEY: Buffer.alloc(32, 7).toString("base64") });
    assert.deepEqual(b64.moderationEvidenceKey, Buffer.alloc(32, 7));
  });

  it("AES-256-GCM: a random IV each time, the right key reads it back, a changed byte or key is refused", () => {
    const key = Buffer.alloc(32, 1);
    const plain = Buffer.from("RIFF....WEBPVP8 conteúdo");
    const a = encryptEvidence(key, plain);
    const b = encryptEvidence(key, plain);
    assert.notDeepEqual(a, b);
    assert.ok(!a.includes(Buffer.from("WEBP")));
    assert.deepEqual(decryptEvidence(key, a), plain);
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1]! ^= 1;
    assert.throws(() => decryptEvidence(key, tampered));
    assert.throws(() => decryptEvidence(Buffer.alloc(32, 2), a));
  });
});
