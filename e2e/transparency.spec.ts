import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { axeSeriousFindings } from "./axe";
import { newPage, shot, visit } from "./harness";
import { adminPage, adminToken, advertiser, siteCall, useSite, visitorPage } from "./fixtures";

/**
 * The transparency report (decision 076) on the built site: a visitor reaches /transparencia from the footer, reads
 * the current quarter's figures (a report made and decided through the API a moment before), and switches to a
 * year and to one of its quarters through the period links; the page is rendered by the server for everyone, the
 * age check aside, and a wrong period answers 400. The admin opens "Transparência" from her navigation and follows a
 * decision to its case in "Denúncias".
 */
const e2e = useSite({ built: true });
let caseId: number;

before(async () => {
  const her = await advertiser(e2e.site, "public");
  await siteCall(e2e.site, "POST", "/api/reports", { body: { model_id: her.id, category: "scam", text: "Golpe." } });
  const token = await adminToken(e2e.site);
  const { cases } = await siteCall<{ cases: { id: number; model: { id: number } | null }[] }>(
    e2e.site,
    "GET",
    "/api/admin/moderation/cases?status=open",
    { token },
  );
  caseId = cases.find((c) => c.model?.id === her.id)!.id;
  await siteCall(e2e.site, "POST", `/api/admin/moderation/cases/${caseId}/decision`, {
    body: { action: "hide_profile", reason: "Anúncio de golpe confirmado." },
    token,
  });
});

/** Screenshots at a phone's and a desktop's width (looked at), and axe's serious findings (none). */
async function looksRight(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shot(page, `transparency/${name}-${width}`);
  }
  assert.deepEqual(await axeSeriousFindings(page), [], `axe on ${name}`);
}

/** The number a Stat shows under its label, inside the section titled `section`. */
const figure = (page: Page, section: string, label: string) =>
  page
    .getByRole("region", { name: section })
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

describe("transparency report", () => {
  test("a visitor opens the report from the footer, reads this quarter, then a year and a quarter of it", async () => {
    const { page, errors } = await visitorPage(e2e.browser, e2e.site, { mobile: true });
    await visit(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Relatório de transparência" }).click();
    await page.waitForURL(/\/transparencia$/);
    await page.getByRole("heading", { level: 1, name: "Relatório de transparência" }).waitFor();
    assert.equal(await figure(page, "Denúncias recebidas", "Total").textContent(), "1");
    assert.equal(await figure(page, "Decisões da moderação", "Conteúdo removido").textContent(), "1");
    await page
      .getByText(/trimestre de \d{4}/)
      .first()
      .waitFor();
    await looksRight(page, "current-quarter");

    // A year, then its first quarter: links of the page, so the address names the period.
    await page.setViewportSize({ width: 390, height: 844 });
    const years = page.getByRole("list", { name: "Ano" });
    await years.getByRole("link", { name: "2025" }).click();
    await page.waitForURL(/\?periodo=2025$/);
    await page.getByText("Ano de 2025", { exact: false }).first().waitFor();
    assert.equal(await figure(page, "Denúncias recebidas", "Total").textContent(), "0");
    await page.getByRole("link", { name: "1º trimestre" }).click();
    await page.waitForURL(/\?periodo=2025-T1$/);
    await page.getByText("1º trimestre de 2025").first().waitFor();
    assert.equal(await page.getByRole("link", { name: "1º trimestre" }).getAttribute("aria-current"), "page");
    await looksRight(page, "past-quarter");
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test("the server renders the report with its period in the head and the URL; a wrong period is a 400", async () => {
    // Self-declaration: every page waits for "Entrar no site" once; the head already names the period.
    const gate = await fetch(`${e2e.site.baseUrl}/transparencia?periodo=2025-t2`);
    assert.equal(gate.status, 200);
    const head = await gate.text();
    assert.match(head, /<title>Relatório de transparência — 2º trimestre de 2025 \| /);
    assert.match(head, /<link rel="canonical" href="[^"]*\/transparencia\?periodo=2025-T2"/);
    const accepted = await fetch(`${e2e.site.baseUrl}/transparencia?periodo=2025-T2`, {
      headers: { cookie: "age_ok=1" },
    });
    assert.equal(accepted.status, 200);
    const body = await accepted.text();
    assert.match(body, /Denúncias recebidas/);
    assert.match(body, /2º trimestre de 2025/);
    // Aggregates only: no link to a case nor a profile in the page.
    assert.doesNotMatch(body, /\/admin\/denuncias\/\d|\/modelo\/\d/);
    const wrong = await fetch(`${e2e.site.baseUrl}/transparencia?periodo=2025-T9`, { headers: { cookie: "age_ok=1" } });
    assert.equal(wrong.status, 400);
    const api = await fetch(`${e2e.site.baseUrl}/api/transparency?periodo=ontem`);
    assert.equal(api.status, 400);
    assert.match(((await api.json()) as { error: string }).error, /^Período inválido/);
  });

  test("the admin opens Transparência and follows a decision to its case", async () => {
    const { page, errors } = await adminPage(e2e.browser, e2e.site);
    await page
      .getByRole("navigation", { name: "Áreas da administração" })
      .getByRole("link", { name: "Transparência" })
      .click();
    await page.waitForURL(/\/admin\/transparencia$/);
    await page.getByRole("heading", { level: 1, name: "Transparência" }).waitFor();
    const decisions = page.getByRole("table", { name: "Casos decididos no período" });
    const link = decisions.getByRole("link", { name: `Caso #${caseId}` });
    await link.waitFor();
    await looksRight(page, "admin");
    await page.setViewportSize({ width: 1280, height: 800 });
    await link.click();
    await page.waitForURL(new RegExp(`/admin/denuncias/${caseId}$`));
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe("transparency report with an age verifier", () => {
  const verified = useSite({ verifier: "age", built: true });

  test("a visitor without an age pass reads the report: the page and its API are outside the age check", async () => {
    const home = await fetch(`${verified.site.baseUrl}/`);
    assert.doesNotMatch(await home.text(), /Denúncias recebidas/);
    const page = await fetch(`${verified.site.baseUrl}/transparencia`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Denúncias recebidas/);
    const api = await fetch(`${verified.site.baseUrl}/api/transparency?periodo=2025`);
    assert.equal(api.status, 200);
    const { page: opened, errors } = await newPage(verified.browser, verified.site.baseUrl);
    await visit(opened, "/transparencia");
    await opened.getByRole("heading", { level: 1, name: "Relatório de transparência" }).waitFor();
    assert.equal(await opened.getByRole("dialog").count(), 0, "no age gate over the report");
    await shot(opened, "transparency/verifier-no-pass-1280");
    assert.deepEqual(errors, []);
    await opened.context().close();
  });
});
