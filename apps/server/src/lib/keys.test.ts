import assert from "node:assert/strict";
import { createHmac, hkdfSync } from "node:crypto";
import { describe, test } from "node:test";
import { deriveFileKey } from "./file-cipher";
import { hkdfKey, hmacKey } from "./keys";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

// A key that encrypted stored data or signed a live token must come out the same after any change to this code:
// fixed bytes for a fixed secret, and the same bytes as the derivation each label was first written with.
describe("keys derived from the server secret", () => {
  test("HKDF: the same bytes as before, for every label that uses it", () => {
    assert.equal(
      hex(hkdfKey("test-secret", "vitrine:trusted-notifier-session:v1")),
      "5c6739cfc3da9c3c2d187ebb3fc2b058ee7456f702833d69f149338d0bb8c42c",
    );
    for (const label of [
      "vitrine:trusted-notifier-session:v1",
      "vitrine:moderation-evidence:v1",
      "vitrine:verification-files:v1",
      "vitrine:two-factor:v1",
    ]) {
      const before = Buffer.from(hkdfSync("sha256", "s3cret", "", label, 32));
      assert.equal(hex(hkdfKey("s3cret", label)), before.toString("hex"), label);
      assert.equal(deriveFileKey("s3cret", label).toString("hex"), before.toString("hex"), label);
    }
  });

  test("HMAC: the same bytes as before, for every older label", () => {
    assert.equal(
      hex(hmacKey("test-secret", "vitrine:photo-url:v2")),
      "099197a4caab54a561c20f7136b50ab4336212d2672c5397d2f36e720feb2308",
    );
    for (const label of ["vitrine:photo-url:v2", "vitrine:visitor-marks:v2", "vitrine:own-events:v1"]) {
      const before = createHmac("sha256", "s3cret").update(label).digest("hex");
      assert.equal(hex(hmacKey("s3cret", label)), before, label);
    }
  });

  test("each label gives its own key", () => {
    assert.notEqual(hex(hkdfKey("s", "vitrine:a:v1")), hex(hkdfKey("s", "vitrine:a:v2")));
    assert.notEqual(hex(hkdfKey("s", "vitrine:a:v1")), hex(hmacKey("s", "vitrine:a:v1")));
  });
});
