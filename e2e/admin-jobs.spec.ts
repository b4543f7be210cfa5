import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Page } from "playwright-core";
import { ADMIN, launchBrowser, newPage, type Site, startSite } from "./harness";

/**
 * The admin dashboard warns about a scheduled job that failed three times in a row. The failures are written into
 * job_runs while the server is stopped (PGlite allows one process per directory), as the scheduler records them:
 * the reconciliation failed 3 times (shown), the clean-up twice (not shown). The site then runs with its jobs off,
 * so no run changes the rows while the test looks. Nothing in the server can write these rows but a job's run.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-e2e-jobs-"));
const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "shots", "jobs");
// 17:05 UTC is 14:05 in São Paulo.
const FAILED_AT = "2026-11-25T17:05:00Z";
const WARNING =
  "Conciliação com o Mercado Pago falhou 3 vezes seguidas — último erro: Mercado Pago inacessível em 25/11/2026, 14:05";

let site: Site;
let browser: Browser;

async function seedJobFailures(): Promise<void> {
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    await db.query(
      `insert into job_runs (name, consecutive_failures, last_error, last_error_at, last_duration_ms)
       values ('reconcile', 3, 'Mercado Pago inacessível', $1, 12),
              ('cleanup', 2, 'banco ocupado', $1, 4)`,
      [FAILED_AT],
    );
  } finally {
    await db.close();
  }
}

async function openDashboard(mobile: boolean): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await newPage(browser, site.baseUrl, { mobile, ageConfirmed: true });
  context.setDefaultTimeout(60_000);
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/admin/dashboard");
  return { page, errors, close: () => context.close() };
}

before(async () => {
  site = await startSite({ DATA_DIR: dataDir, JOBS_ENABLED: "false" });
  await site.stop();
  await seedJobFailures();
  site = await startSite({ DATA_DIR: dataDir, JOBS_ENABLED: "false" });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("admin dashboard: failing jobs", () => {
  for (const mobile of [false, true]) {
    test(`a job failed 3 times in a row is shown with its last error and São Paulo time (${mobile ? 390 : 1280} px)`, async () => {
      const { page, errors, close } = await openDashboard(mobile);
      try {
        const warning = page.getByRole("region", { name: "Uma tarefa automática está falhando" });
        await warning.waitFor();
        assert.deepEqual(await warning.getByRole("listitem").allInnerTexts(), [WARNING]);
        assert.equal(await page.getByText("Limpeza de registros antigos").count(), 0, "2 failures: no warning");
        await page.getByRole("heading", { name: "Painel Administrativo" }).waitFor();
        await page.waitForTimeout(300);
        if (mobile) await page.screenshot({ path: path.join(SHOTS, "dashboard-job-warning-390-top.png") });
        await page.screenshot({
          path: path.join(SHOTS, `dashboard-job-warning-${mobile ? 390 : 1280}.png`),
          fullPage: true,
        });
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  test("the endpoint answers the admin only", async () => {
    assert.equal((await fetch(`${site.baseUrl}/api/admin/jobs`)).status, 401);
    const login = await fetch(`${site.baseUrl}/api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${site.baseUrl}/api/admin/jobs`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    const { jobs } = (await res.json()) as { jobs: { name: string; consecutive_failures: number }[] };
    assert.equal(jobs.find((j) => j.name === "reconcile")?.consecutive_failures, 3);
  });
});
