import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AdminJobsResponse } from "@vitrine/contracts";
import type { Page } from "playwright-core";
import { serverJobs } from "../apps/server/src/jobs";
import { createScheduler } from "../apps/server/src/jobs/scheduler";
import { buildOrder, setSetting } from "../apps/server/src/test/factories";
import { freePort } from "../apps/server/src/test/free-port";
import { axeSeriousFindings } from "./axe";
import { adminPage, adminToken as siteAdminToken, type SiteOptions, useSite } from "./fixtures";
import { reload, shot } from "./harness";

/**
 * The admin dashboard warns about a scheduled job that failed three times in a row. Written before the site
 * starts (seedFailingReconciliation): a Mercado Pago access token, a pending "Pix via Mercado Pago" order, and
 * the reconciliation's record of two failures in a row (as the scheduler keeps it). With its
 * jobs off the site shows no warning; started again with its jobs on and MERCADOPAGO_API_URL pointing at a
 * closed port, its own reconciliation run fails a third time and the dashboard says so.
 */
const SHOTS = "jobs";
const WARNING =
  /^Conciliação com o Mercado Pago falhou 3 vezes seguidas — último erro: Mercado Pago inacessível em (\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2})$/;
const saoPauloNow = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * Before the site's first start, with the server's own functions (fixtures.ts): a Mercado Pago access token, a
 * pending "Pix via Mercado Pago" order, and two runs of the server's own reconciliation through its scheduler,
 * against a closed port, which record two failures in a row as the running site would.
 */
async function failingReconciliation(): Promise<SiteOptions> {
  const closedPort = await freePort();
  return {
    env: { JOBS_ENABLED: "false" },
    prepareEnv: { MERCADOPAGO_API_URL: `http://127.0.0.1:${closedPort}` },
    async prepare(app, database) {
      await setSetting(app, "mp_access_token_test", "TEST-e2e-token");
      await buildOrder(app, {
        amountCents: 4990,
        status: "pending",
        method: "mercadopago_pix",
        preferenceId: "pref-e2e-jobs",
        customerName: "Cliente E2E",
      });
      const scheduler = createScheduler({ app, database, jobs: serverJobs(app.config) });
      for (let run = 0; run < 2; run++) assert.equal(await scheduler.runJob("reconcile"), "failed");
    },
  };
}

const e2e = useSite(failingReconciliation);

const adminToken = (): Promise<string> => siteAdminToken(e2e.site);

async function reconcileFailures(token: string): Promise<number> {
  const res = await fetch(`${e2e.site.baseUrl}/api/admin/jobs`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  const { jobs } = (await res.json()) as AdminJobsResponse;
  return jobs.find((j) => j.name === "reconcile")?.consecutive_failures ?? -1;
}

/** The admin's dashboard (fixtures.ts: through the login screen the first time), once its jobs have answered. */
async function openDashboard(mobile: boolean): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await adminPage(e2e.browser, e2e.site, { mobile });
  // Loaded again with the answer awaited: the first load's may have come before anything listened for it.
  const jobsAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/jobs");
  await reload(page);
  await jobsAnswered;
  await page.getByRole("heading", { name: "Primeiros passos" }).waitFor();
  return { page, errors, close: () => context.close() };
}

describe("admin dashboard: failing jobs", () => {
  test("the endpoint: 401 without a token; two failures in a row are not warned about", async () => {
    assert.equal((await fetch(`${e2e.site.baseUrl}/api/admin/jobs`)).status, 401);
    assert.equal(await reconcileFailures(await adminToken()), 2);
    const { page, errors, close } = await openDashboard(false);
    try {
      await page.waitForTimeout(300);
      assert.equal(await page.getByText("falhou", { exact: false }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test("Mercado Pago unreachable: the site's own reconciliation fails a third time and the dashboard warns", async () => {
    const closedPort = await freePort();
    await e2e.restart({ MERCADOPAGO_API_URL: `http://127.0.0.1:${closedPort}` });
    const token = await adminToken();
    // The jobs' first runs come 5 seconds after the start.
    const deadline = Date.now() + 45_000;
    while ((await reconcileFailures(token)) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    assert.equal(await reconcileFailures(token), 3);

    for (const mobile of [false, true]) {
      const { page, errors, close } = await openDashboard(mobile);
      try {
        const warning = page.getByRole("region", { name: "Uma tarefa automática está falhando" });
        await warning.waitFor();
        const [text] = await warning.getByRole("listitem").allInnerTexts();
        const when = WARNING.exec(text ?? "")?.[1];
        assert.ok(when, text);
        // São Paulo time of the failure: within two minutes of now (each admin sign-in may wait up to 30 s for a
        // new code of her authenticator, a code being usable once).
        const now = Date.now();
        assert.ok(
          [now, now - 60_000, now - 120_000].map((t) => saoPauloNow.format(new Date(t))).includes(when),
          `${when} is not São Paulo's time now`,
        );
        const width = mobile ? 390 : 1280;
        if (mobile) await shot(page, `${SHOTS}/dashboard-job-warning-${width}-top`, { fullPage: false });
        await shot(page, `${SHOTS}/dashboard-job-warning-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  });

  test("Tarefas agendadas: from the warning, every job with its last run; the failing one with its error", async () => {
    for (const mobile of [false, true]) {
      const { page, errors, close } = await openDashboard(mobile);
      try {
        const warning = page.getByRole("region", { name: "Uma tarefa automática está falhando" });
        await warning.getByRole("link", { name: "Ver tarefas agendadas" }).click();
        await page.waitForURL("**/admin/jobs");
        await page.getByRole("heading", { level: 1, name: "Tarefas agendadas" }).waitFor();
        const nav = page.getByRole("navigation", { name: "Áreas da administração" });
        assert.equal(await nav.getByRole("link", { name: "Tarefas agendadas" }).getAttribute("aria-current"), "page");

        const reconcile = page.getByRole("article", { name: "Conciliação com o Mercado Pago" });
        await reconcile.getByText("falhou", { exact: true }).waitFor();
        await reconcile.getByText(/Falhou \d+ vezes seguidas — erro: Mercado Pago inacessível/).waitFor();
        assert.equal(await reconcile.getByRole("definition").first().innerText(), "a cada 5 minutos");
        // Every job the server runs is listed; the ones that ran here ended well.
        assert.ok((await page.getByRole("article").count()) >= 9);
        const expiry = page.getByRole("article", { name: "Expiração de cobranças pendentes" });
        await expiry.getByText("ok", { exact: true }).waitFor();
        const times = await expiry.getByRole("definition").allInnerTexts();
        assert.equal(times[0], "a cada minuto");
        // Start, end and next run in São Paulo time, with seconds; the next run a minute after the end.
        const [next, start, end] = [times[1], times[2], times[3]].map((t) =>
          /^(\d{2}\/\d{2}\/\d{4}), (\d{2}:\d{2}:\d{2})$/.exec(t ?? ""),
        );
        assert.ok(next && start && end, times.join(" | "));
        assert.ok(
          [0, 60_000, 120_000]
            .map((ago) => saoPauloNow.format(new Date(Date.now() - ago)))
            .includes(`${start[1]}, ${start[2]?.slice(0, 5)}`),
          `${start[0]} is not São Paulo's time now`,
        );
        await page.getByRole("link", { name: /Voltar ao painel/ }).waitFor();
        assert.deepEqual(await axeSeriousFindings(page), []);
        const width = mobile ? 390 : 1280;
        if (mobile) await shot(page, `${SHOTS}/jobs-page-${width}-top`, { fullPage: false });
        await shot(page, `${SHOTS}/jobs-page-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  });
});
