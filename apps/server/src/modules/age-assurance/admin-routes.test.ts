import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AdminAgeAssuranceResponse, AgeOutcomeCounts } from "@vitrine/contracts";
import { saoPauloMoment } from "../../demo/demo-time";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { expectAdminOnly } from "../../test/admin-support";
import { buildAgeCheckDays, buildAgeChecks, readAgeAssurance } from "../../test/age-checks";
import { loginAdmin, registerModel } from "../../test/factories";
import { createTestContext } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { isLocalVerifier } from "./admin-summary";

const ctx = useTestContext();

const ZERO: AgeOutcomeCounts = { started: 0, over18: 0, under18: 0, cancelled: 0, error: 0, replayed: 0 };
const counts = (some: Partial<AgeOutcomeCounts>): AgeOutcomeCounts => ({ ...ZERO, ...some });

describe("GET /api/admin/age-assurance", () => {
  test("no token 401, a model 403, an admin 200", async () => {
    const { token } = await registerModel(ctx.app);
    const admin = await loginAdmin(ctx.app);
    await expectAdminOnly(ctx.as, { model: token, admin }, (c) => c.get("/api/admin/age-assurance"));
  });

  test("nothing configured: self-declaration by default, no verifier, 30 empty São Paulo days ending today", async () => {
    const body = await readAgeAssurance(ctx.app);
    const today = todayInSaoPaulo();
    assert.equal(body.mode, "self-declaration");
    assert.equal(body.mode_explicit, false);
    assert.equal(body.verifier, null);
    assert.equal(body.pass_hours, 12);
    assert.equal(body.retention_days, 180);
    assert.equal(body.days.length, 30);
    assert.deepEqual(body.days[0], { day: addDays(today, -29), ...ZERO });
    assert.deepEqual(body.days[29], { day: today, ...ZERO });
    assert.deepEqual(body.by_verifier, []);
    assert.deepEqual(body.totals, ZERO);
    assert.deepEqual(body.all_time, { ...ZERO, since: null });
  });

  test("counts rows by São Paulo day, verifier and outcome, with the daily counts of rows already rolled up", async () => {
    const today = todayInSaoPaulo();
    const noonOf = (daysAgo: number) => saoPauloMoment(addDays(today, -daysAgo), 12 * 60);
    const midnight = saoPauloMoment(today, 0).getTime();
    const A = "Verificador A";
    const B = "Verificador B";
    await buildAgeChecks(ctx.app.db, [
      // Today just after São Paulo's midnight, and a minute before it (yesterday, though the same UTC date).
      { at: new Date(midnight + 60_000), verifier: A, outcome: "over18", count: 3 },
      { at: new Date(midnight + 60_000), verifier: A, outcome: "under18" },
      { at: new Date(midnight + 60_000), verifier: A, outcome: null },
      { at: new Date(midnight - 60_000), verifier: A, outcome: "over18", count: 2 },
      { at: noonOf(5), verifier: B, outcome: "cancelled" },
      { at: noonOf(5), verifier: B, outcome: "error" },
      { at: noonOf(5), verifier: B, outcome: "replayed" },
      { at: noonOf(29), verifier: B, outcome: "over18" },
      // The day before the 30: in the counts since the beginning only.
      { at: noonOf(30), verifier: A, outcome: "over18", count: 2 },
    ]);
    await buildAgeCheckDays(ctx.app.db, [
      { day: addDays(today, -10), verifier: A, outcome: "started", count: 4 },
      { day: addDays(today, -10), verifier: A, outcome: "over18", count: 3 },
      { day: addDays(today, -10), verifier: A, outcome: "error", count: 1 },
      { day: addDays(today, -200), verifier: "Verificador antigo", outcome: "started", count: 7 },
      { day: addDays(today, -200), verifier: "Verificador antigo", outcome: "over18", count: 6 },
      { day: addDays(today, -200), verifier: "Verificador antigo", outcome: "under18", count: 1 },
    ]);

    const body = await readAgeAssurance(ctx.app);
    const expectedDays = new Map<string, AgeOutcomeCounts>([
      [today, counts({ started: 5, over18: 3, under18: 1 })],
      [addDays(today, -1), counts({ started: 2, over18: 2 })],
      [addDays(today, -5), counts({ started: 3, cancelled: 1, error: 1, replayed: 1 })],
      [addDays(today, -10), counts({ started: 4, over18: 3, error: 1 })],
      [addDays(today, -29), counts({ started: 1, over18: 1 })],
    ]);
    assert.deepEqual(
      body.days,
      Array.from({ length: 30 }, (_, i) => {
        const day = addDays(today, i - 29);
        return { day, ...(expectedDays.get(day) ?? ZERO) };
      }),
    );
    assert.deepEqual(body.by_verifier, [
      { verifier: A, ...counts({ started: 11, over18: 8, under18: 1, error: 1 }) },
      { verifier: B, ...counts({ started: 4, over18: 1, cancelled: 1, error: 1, replayed: 1 }) },
    ]);
    assert.deepEqual(body.totals, counts({ started: 15, over18: 9, under18: 1, cancelled: 1, error: 2, replayed: 1 }));
    assert.deepEqual(body.all_time, {
      ...counts({ started: 24, over18: 17, under18: 2, cancelled: 1, error: 2, replayed: 1 }),
      since: addDays(today, -200),
    });
  });

  test("with a verifier: its name, issuer and claim, never its client secret; on the loopback it is the demo", async () => {
    const secret = "segredo-do-cliente-que-nao-sai";
    const verifier = {
      issuer: "http://127.0.0.1:4999/oidc",
      clientId: "cliente-da-vitrine",
      clientSecret: secret,
      claim: "birthdate",
      scope: "",
      name: "Verificador de idade (demonstração)",
    };
    const demo = await createTestContext({
      ageAssurance: { mode: "verifier", explicit: true, verifier, passHours: 6 },
    });
    try {
      const res = await demo.as(await loginAdmin(demo.app)).get("/api/admin/age-assurance");
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(!res.body.includes(secret), "the client secret never leaves the server");
      assert.ok(!res.body.includes("cliente-da-vitrine"), "nor its client id");
      const body = res.json() as AdminAgeAssuranceResponse;
      assert.equal(body.mode, "verifier");
      assert.equal(body.mode_explicit, true);
      assert.deepEqual(body.verifier, {
        name: "Verificador de idade (demonstração)",
        issuer: "http://127.0.0.1:4999/oidc",
        claim: "birthdate",
        demo: true,
      });
      assert.equal(body.pass_hours, 6);
    } finally {
      await demo.close();
    }
  });
});

describe("isLocalVerifier", () => {
  test("an issuer on the loopback is the local demo; any other host is not", () => {
    for (const issuer of ["http://127.0.0.1:4100", "http://localhost:4100/", "http://[::1]:4100", "http://127.1.2.3"]) {
      assert.equal(isLocalVerifier(issuer), true, issuer);
    }
    for (const issuer of ["https://idade.example.com", "https://127.0.0.1.example.com", "http://10.0.0.2", "nada"]) {
      assert.equal(isLocalVerifier(issuer), false, issuer);
    }
  });
});
