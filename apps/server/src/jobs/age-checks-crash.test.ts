import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { AdminAgeAssuranceResponse, AdminJobsResponse } from "@vitrine/contracts";
import { saoPauloMoment } from "../demo/demo-time";
import type { Db } from "../db/client";
import { ageCheckDays, ageChecks, jobRuns } from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { buildAgeChecks } from "../test/age-checks";
import { exitSignal, serverProcess, type ServerProcess } from "../test/server-process";
import { AGE_CHECKS_JOB, AGE_ROLLUP_BEFORE_COMMIT } from "./age-checks";
import { totpCode } from "../test/two-factor";

/**
 * Kills a real server process (SIGKILL, from inside, at a failpoint) while its retention job has deleted the old
 * age checks and written their daily counts, before the commit; nothing of it survives. Started again, the job
 * moves every old row once and the admin's counts are the same as before.
 */
const ADMIN = { email: "admin@crash.local", password: "crash-admin-secret" };
let dataDir: string;
let proc: ServerProcess;

const withDatabase = <T>(work: (db: Db) => Promise<T>) => proc.withDatabase(work);

async function postJson(url: string, body: object) {
  const res = await fetch(`${proc.baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
}

/**
 * The admin's session on this server process: password, then her authenticator (set up on the first sign-in; a
 * code is usable once, so a later sign-in waits for the next 30-second step when it must).
 */
let adminToken: { baseUrl: string; token: string } | undefined;
let phone: { secret: string; step: number } | undefined;
async function signInAdmin(): Promise<string> {
  if (adminToken?.baseUrl === proc.baseUrl) return adminToken.token;
  const { two_factor, challenge } = await postJson("/api/auth/admin/login", ADMIN);
  if (two_factor === "setup") {
    const { secret } = await postJson("/api/auth/admin/two-factor/setup", { challenge });
    phone = { secret, step: -1 };
  }
  while (Math.floor(Date.now() / 30_000) <= phone!.step) await new Promise((r) => setTimeout(r, 1000));
  phone!.step = Math.floor(Date.now() / 30_000);
  const url = two_factor === "setup" ? "/api/auth/admin/two-factor/confirm" : "/api/auth/admin/two-factor";
  const { token } = await postJson(url, { challenge, code: totpCode(phone!.secret) });
  adminToken = { baseUrl: proc.baseUrl, token };
  return token;
}

async function adminGet<T>(url: string): Promise<T> {
  const token = await signInAdmin();
  const res = await fetch(`${proc.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, url);
  return (await res.json()) as T;
}

before(async () => {
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), "vitrine-age-crash-")), "data");
  mkdirSync(dataDir, { mode: 0o700 });
  proc = await serverProcess({ dataDir });
});
after(async () => {
  await proc?.close();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe("a server killed while its retention job moves old age checks", () => {
  test("keeps every row; after the restart the job moves them once and the counts are unchanged", async () => {
    const today = todayInSaoPaulo();
    const old = addDays(today, -200);
    await proc.withDatabase(
      async (db) => {
        await buildAgeChecks(db, [
          { at: saoPauloMoment(old, 12 * 60), verifier: "V1", outcome: "over18", count: 4 },
          { at: saoPauloMoment(old, 12 * 60), verifier: "V1", outcome: null },
          { at: saoPauloMoment(today, 0), verifier: "V1", outcome: "under18" },
        ]);
      },
      { migrate: true },
    );

    // The jobs' first runs come 5 seconds after the start: the retention job dies before its commit.
    const child = await proc.start(AGE_ROLLUP_BEFORE_COMMIT);
    assert.equal(await exitSignal(child), "SIGKILL");
    await withDatabase(async (db) => {
      assert.equal((await db.select().from(ageChecks)).length, 6, "no row went");
      assert.deepEqual(await db.select().from(ageCheckDays), [], "no count was written");
      const runs = await db.select().from(jobRuns);
      assert.equal(runs.find((r) => r.name === AGE_CHECKS_JOB)?.lastRunAt ?? null, null);
    });

    await proc.start();
    const deadline = Date.now() + 60_000;
    const ran = async () =>
      (await adminGet<AdminJobsResponse>("/api/admin/jobs")).jobs.find((j) => j.name === AGE_CHECKS_JOB)?.last_run_at ??
      null;
    while ((await ran()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    assert.ok(await ran(), "the job ran after the restart");
    const summary = await adminGet<AdminAgeAssuranceResponse>("/api/admin/age-assurance");
    assert.deepEqual(summary.all_time, {
      started: 6,
      over18: 4,
      under18: 1,
      cancelled: 0,
      error: 0,
      replayed: 0,
      since: old,
    });
    await proc.stop();

    await withDatabase(async (db) => {
      assert.equal((await db.select().from(ageChecks)).length, 1, "the old rows went");
      const days = await db.select().from(ageCheckDays).orderBy(ageCheckDays.outcome);
      assert.deepEqual(
        days.map((d) => [d.day, d.verifier, d.outcome, d.count]),
        [
          [old, "V1", "over18", 4],
          [old, "V1", "started", 5],
        ],
      );
    });
  });
});
