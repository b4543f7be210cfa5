import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AdminJobsResponse } from "@vitrine/contracts";
import { createScheduler } from "../../jobs/scheduler";
import { RECONCILE_JOB } from "../../jobs/reconcile";
import { expectAdminOnly } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

describe("GET /api/admin/jobs", () => {
  test("no token 401, a model 403, an admin 200", async () => {
    const { token } = await registerModel(ctx.app);
    const admin = await loginAdmin(ctx.app);
    await expectAdminOnly(ctx.as, { model: token, admin }, (c) => c.get("/api/admin/jobs"));
  });

  test("every server job with its Portuguese name; failures in a row with the last message, no stack", async () => {
    const admin = await loginAdmin(ctx.app);
    const jobs = async () => {
      const res = await ctx.as(admin).get("/api/admin/jobs");
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as AdminJobsResponse).jobs;
    };
    const fresh = await jobs();
    // Never ran: no result, no times; each says what it does and how often it runs.
    for (const job of fresh) {
      assert.ok(job.description.length > 20, job.name);
      assert.ok(job.interval_ms >= 30_000, job.name);
      assert.deepEqual(
        [job.last_result, job.last_started_at, job.last_finished_at, job.next_run_at],
        [null, null, null, null],
      );
    }
    assert.equal(fresh.find((j) => j.name === RECONCILE_JOB)?.interval_ms, 5 * 60_000);
    assert.deepEqual(
      fresh.map((j) => [j.name, j.label, j.consecutive_failures, j.last_error]),
      [
        ["plan-expiry", "Aviso de planos vencidos", 0, null],
        ["expire-pending", "Expiração de cobranças pendentes", 0, null],
        ["reconcile", "Conciliação com o Mercado Pago", 0, null],
        ["cleanup", "Limpeza de registros antigos", 0, null],
        ["age-checks", "Retenção das verificações de idade", 0, null],
        ["moderation-evidence", "Retenção legal de denúncias", 0, null],
        ["verification", "Verificação de identidade: arquivos e idades", 0, null],
        ["photo-fingerprints", "Impressões digitais das fotos", 0, null],
        ["mail-outbox", "Envio de e-mails", 0, null],
        ["availability-end", "Fim do Disponível agora", 0, null],
        ["boosts", "Impulsionamentos no relógio", 0, null],
      ],
    );

    const at = new Date("2026-11-25T17:05:00Z");
    const failing = createScheduler({
      app: ctx.app,
      database: ctx.database,
      jobs: [
        {
          name: RECONCILE_JOB,
          label: "Conciliação com o Mercado Pago",
          description: "Teste",
          intervalMs: 5 * 60_000,
          run: async () => {
            throw new Error("Mercado Pago inacessível");
          },
        },
      ],
      now: () => at,
    });
    for (let i = 0; i < 3; i++) assert.equal(await failing.runJob(RECONCILE_JOB), "failed");
    const reconcile = (await jobs()).find((j) => j.name === RECONCILE_JOB);
    const duration = reconcile?.last_duration_ms ?? -1;
    assert.ok(duration >= 0);
    const finished = at.getTime() + duration;
    assert.deepEqual(reconcile, {
      name: RECONCILE_JOB,
      label: "Conciliação com o Mercado Pago",
      description: reconcile?.description,
      interval_ms: 5 * 60_000,
      last_run_at: null,
      last_duration_ms: duration,
      consecutive_failures: 3,
      last_error: "Mercado Pago inacessível",
      last_error_at: at.toISOString(),
      last_result: "failed",
      last_started_at: at.toISOString(),
      last_finished_at: new Date(finished).toISOString(),
      next_run_at: new Date(finished + 5 * 60_000).toISOString(),
    });

    // A success after them: the last run is that one, "ok", its error kept for the record but no longer counted.
    const later = new Date("2026-11-25T17:20:00Z");
    const working = createScheduler({
      app: ctx.app,
      database: ctx.database,
      jobs: [{ name: RECONCILE_JOB, label: "x", description: "Teste", intervalMs: 5 * 60_000, run: async () => {} }],
      now: () => later,
    });
    assert.equal(await working.runJob(RECONCILE_JOB), "ran");
    const fixed = (await jobs()).find((j) => j.name === RECONCILE_JOB);
    assert.equal(fixed?.last_result, "ok");
    assert.equal(fixed?.consecutive_failures, 0);
    assert.equal(fixed?.last_run_at, later.toISOString());
    assert.equal(fixed?.last_started_at, later.toISOString());
    const fixedEnd = later.getTime() + (fixed?.last_duration_ms ?? -1);
    assert.equal(fixed?.last_finished_at, new Date(fixedEnd).toISOString());
    assert.equal(fixed?.next_run_at, new Date(fixedEnd + 5 * 60_000).toISOString());
  });
});
