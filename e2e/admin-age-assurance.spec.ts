import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SELF_DECLARATION_WARNING } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { addDays, todayInSaoPaulo } from "../apps/server/src/lib/dates";
import { buildAgeCheckDays, buildAgeChecks } from "../apps/server/src/test/age-checks";
import { cardTitled } from "./admin-catalog-support";
import { useSite } from "./fixtures";
import { newPage, shot, signInAsAdmin } from "./harness";

/**
 * The admin's "Verificação de idade". A site with nothing configured runs on self-declaration: the dashboard shows
 * the red warning, whose link opens the page with the counts of the age checks written in its data directory
 * before it starts: rows of the last days for two verifiers, and the daily counts the retention job left of checks
 * 200 days old.
 */
const DEMO = "Verificador de idade (demonstração)";
const OTHER = "Idade Já";
const SHOTS = "age-admin";
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Prepares the data directory before the server's first start (fixtures.ts): the checks, by the server's factories. */
async function seedAgeChecks(app: FastifyInstance): Promise<void> {
  const ago = (ms: number) => new Date(Date.now() - ms);
  {
    await buildAgeChecks(app.db, [
      { verifier: DEMO, outcome: "over18", count: 5, at: ago(HOUR) },
      { verifier: DEMO, outcome: null, at: ago(2 * HOUR) },
      { verifier: DEMO, outcome: "under18", count: 2, at: ago(DAY) },
      { verifier: DEMO, outcome: "cancelled", at: ago(3 * DAY) },
      { verifier: OTHER, outcome: "over18", count: 3, at: ago(5 * DAY) },
      { verifier: OTHER, outcome: "error", at: ago(6 * DAY) },
      { verifier: OTHER, outcome: "replayed", at: ago(6 * DAY) },
    ]);
    const day = addDays(todayInSaoPaulo(), -200);
    await buildAgeCheckDays(app.db, [
      { day, verifier: "Verificador antigo", outcome: "started", count: 40 },
      { day, verifier: "Verificador antigo", outcome: "over18", count: 38 },
      { day, verifier: "Verificador antigo", outcome: "under18", count: 2 },
    ]);
  }
}

const e2e = useSite({ env: { JOBS_ENABLED: "false" }, prepare: seedAgeChecks });

/** Signs in through the admin login screen and waits for the dashboard and the age-assurance answer. */
async function openDashboard(mobile: boolean) {
  const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
  context.setDefaultTimeout(60_000);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/age-assurance");
  await signInAsAdmin(page);
  await answered;
  return { page, errors, close: () => context.close() };
}

/** The figure under a Stat's label (text-transform aside: the DOM text). */
async function statValue(page: Page, label: string): Promise<string | null> {
  const stat = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return stat.locator("dd").first().textContent();
}

describe("admin: Verificação de idade", () => {
  test("the endpoint needs an admin", async () => {
    assert.equal((await fetch(`${e2e.site.baseUrl}/api/admin/age-assurance`)).status, 401);
  });

  for (const mobile of [false, true]) {
    const width = mobile ? 390 : 1280;
    test(`at ${width} px: the dashboard's red warning opens the page with the real counts`, async () => {
      const { page, errors, close } = await openDashboard(mobile);
      try {
        const warning = page.getByRole("region", { name: "Verificação de idade por autodeclaração" });
        await warning.waitFor();
        assert.ok((await warning.textContent())?.includes(SELF_DECLARATION_WARNING));
        await shot(page, `${SHOTS}/dashboard-warning-${width}`, { fullPage: false });

        await warning.getByRole("link", { name: "Ver a verificação de idade" }).click();
        await page.waitForURL("**/admin/age-assurance");
        await page.getByRole("heading", { level: 1, name: "Verificação de idade" }).waitFor();
        assert.equal(await page.title().then((t) => t.startsWith("Verificação de idade")), true, await page.title());

        const mode = cardTitled(page, "Modo em vigor");
        assert.equal(await mode.getByText("Autodeclaração", { exact: true }).count(), 1);
        assert.ok((await mode.textContent())?.includes("AGE_ASSURANCE não está definido"));
        const configuration = cardTitled(page, "Configuração");
        assert.ok((await configuration.textContent())?.includes("Nenhum configurado"));
        assert.ok((await configuration.textContent())?.includes("180 dias por verificação"));
        await page.getByText("nunca nome, data de nascimento, documento ou imagem", { exact: false }).waitFor();

        // Last 30 days: 14 begun (one still at the verifier); all time adds the 40 of 200 days ago.
        assert.equal(await statValue(page, "Iniciadas"), "14");
        assert.equal(await statValue(page, "Maiores de 18"), "8");
        assert.equal(await statValue(page, "Menores de 18"), "2");
        assert.equal(await statValue(page, "Canceladas"), "1");
        assert.equal(await statValue(page, "Com falha"), "1");
        assert.equal(await statValue(page, "Reenvios recusados"), "1");
        assert.equal(await statValue(page, "Desde o início"), "54");

        const rowOf = async (name: string) =>
          await page
            .getByRole("row", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })
            .getByRole("cell")
            .allTextContents();
        assert.deepEqual(await rowOf(DEMO), [DEMO, "9", "5", "2", "1", "0", "0"]);
        assert.deepEqual(await rowOf(OTHER), [OTHER, "5", "3", "0", "0", "1", "1"]);

        // The charts (Recharts, loaded on demand) draw the days and the outcomes.
        await page.getByRole("heading", { name: "Verificações por dia" }).waitFor();
        await page.locator(".recharts-surface").nth(1).waitFor();
        await shot(page, `${SHOTS}/age-assurance-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }
});
