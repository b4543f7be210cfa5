import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { serverProcess } from "../../test/server-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-origin-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * What production requires besides the origin: the keys of moderation's legal hold, of the identity verification
 * files and of the two-step secrets, the age mode and an SMTP server (never contacted at start).
 */
const REQUIRED = {
  MODERATION_EVIDENCE_KEY: "11".repeat(32),
  VERIFICATION_FILES_KEY: "22".repeat(32),
  TWO_FACTOR_KEY: "33".repeat(32),
  AGE_ASSURANCE: "self-declaration",
  SMTP_URL: "smtp://127.0.0.1:1",
  // Test servers hash passwords at the test cost, which production refuses.
  PASSWORD_HASH_COST: "standard",
};

test("in production the server refuses to start without PUBLIC_URL or site_url, and starts with PUBLIC_URL", async () => {
  const withoutOrigin = await serverProcess({
    dataDir,
    env: { NODE_ENV: "production", JOBS_ENABLED: "false", ...REQUIRED },
  });
  await assert.rejects(withoutOrigin.start(), /server exited: 1/);
  await withoutOrigin.close();

  const env = { NODE_ENV: "production", JOBS_ENABLED: "false", PUBLIC_URL: "https://vitrine.example", ...REQUIRED };
  const configured = await serverProcess({ dataDir, env });
  await configured.start();
  try {
    const robots = await fetch(`${configured.baseUrl}/robots.txt`, { headers: { "x-forwarded-host": "evil.example" } });
    assert.match(await robots.text(), /^Sitemap: https:\/\/vitrine\.example\/sitemap\.xml$/m);
  } finally {
    await configured.close();
  }
});
