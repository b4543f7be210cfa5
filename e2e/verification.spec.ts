import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { DEMO_IDENTITY_VERIFIER } from "../apps/server/src/fake-age-verifier/identity";
import { axeSeriousFindings } from "./axe";
import { advertiser, adminToken as fixtureAdminToken, useSite } from "./fixtures";
import { newPage, reload, shot as takeShot, visit } from "./harness";

/**
 * Advertiser verification by review, end to end: a paid model is not on the public site until her identity is
 * verified → in her dashboard she sends a photo of her document and a selfie holding the code shown on screen →
 * the admin's "Verificações" lists it, shows both photos and the code, and asks for a new photo → she reads the
 * reason and sends again → the admin approves with her birth date → she is on the public site with the
 * "Verificada" badge and the age of that date. A second model whose document gives under 18 cannot be approved:
 * the screen says so and her account appears frozen on the queue. A third model verifies instead at the identity
 * verifier (the demo's OpenID Connect provider): she cancels once, then gives her birth date there and comes back
 * verified.
 */
const SAO_PAULO = { estado_id: 35, municipio_id: 3550308, slug: "sao-paulo-sp" };
const id = randomUUID().slice(0, 8);
const SHOTS = "verify";
/** The screens of the verifier path and of the approval's document number. */
const IDV_SHOTS = "idv";
const filesDir = mkdtempSync(path.join(tmpdir(), "vitrine-e2e-verification-"));
const DOCUMENT = path.join(filesDir, "documento.jpg");
const SELFIE = path.join(filesDir, "selfie.jpg");

const e2e = useSite({ verifier: "identity" });
let adminToken = "";
const models: Record<"ana" | "bia" | "cris", { name: string; token: string; id: number }> = {
  ana: { name: `Anabela ${id}`, token: "", id: 0 },
  bia: { name: `Bianca ${id}`, token: "", id: 0 },
  cris: { name: `Cristina ${id}`, token: "", id: 0 },
};

/** The age today (São Paulo) of someone born on that day. */
function ageOn(year: number, month: number, day: number): number {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return y - year - (m < month || (m === month && d < day) ? 1 : 0);
}

async function call<T>(method: string, pathname: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`${e2e.site.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  assert.ok(res.ok, `${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A model registered through the public API, her e-mail confirmed, her plan paid by the admin for 30 days: all but verified. */
async function createPaidModel(key: keyof typeof models) {
  const her = await advertiser(e2e.site, "paid", { registration: { name: models[key].name, age: 22 } });
  Object.assign(models[key], { token: her.token, id: her.id });
}

async function openAs(kind: "model" | "admin", token: string, pathname: string, mobile = false) {
  const opened = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
  opened.context.setDefaultTimeout(60_000);
  await opened.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    kind === "model" ? "modelToken" : "token",
    token,
  ] as const);
  await visit(opened.page, pathname);
  return opened;
}

/** A full-page shot from the top (scrolled down, the sticky header would be drawn mid-page). */
async function shot(page: Page, name: string, dir = SHOTS): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeShot(page, `${dir}/${name}`);
}

/** The model's verification screen: the code on screen, the document type, both photos, then "Enviar". */
async function sendPhotos(page: Page, documentType: string): Promise<string> {
  const code = (await page.locator("[data-verification-code]").textContent())?.trim() ?? "";
  assert.match(code, /^[A-Z2-9]{6}$/);
  await page.getByLabel("Documento", { exact: true }).selectOption({ label: documentType });
  await page.locator('input[name="document"]').setInputFiles(DOCUMENT);
  await page.locator('input[name="selfie"]').setInputFiles(SELFIE);
  await page.getByAltText("Prévia: Foto do documento").waitFor();
  await page.getByRole("button", { name: "Enviar para análise" }).click();
  await page.getByRole("heading", { name: "Em análise" }).waitFor();
  return code;
}

/**
 * Her dashboard once her documents were sent: since when they await review (São Paulo time) and what comes next,
 * with no call to send them again.
 */
async function pendingBannerShown(page: Page): Promise<void> {
  const banner = page.getByRole("region", { name: "Verificação de identidade" });
  const heading = banner.getByRole("heading", { name: /^Documentos em análise desde / });
  await heading.waitFor();
  assert.match((await heading.textContent()) ?? "", /desde \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  await banner
    .getByText("Você recebe um e-mail com a resposta; costuma levar até 24 horas.", { exact: false })
    .waitFor();
  assert.equal(await banner.getByRole("link", { name: "Verificar identidade" }).count(), 0);
  // Why her profile is hidden says the same once her profile is read again.
  await page.locator('[data-reason="identity_unverified"]', { hasText: "Seus documentos estão em análise" }).waitFor();
  assert.equal(await page.getByText("Verifique sua identidade").count(), 0);
}

/** The admin opens her verification from the queue; both photos are decrypted and shown with her code. */
async function openReview(page: Page, name: string, code: string): Promise<void> {
  await visit(page, "/admin/verificacoes");
  await page.getByRole("link", { name }).click();
  await page.getByRole("heading", { name: "Verificação de identidade" }).waitFor();
  await page.getByRole("heading", { name }).waitFor();
  assert.equal((await page.locator("[data-admin-code]").textContent())?.trim(), code);
  for (const file of ["document", "selfie"]) {
    // The first of each: her earlier verifications below may show theirs too.
    const image = page.locator(`img[data-verification-file="${file}"]`).first();
    await image.waitFor();
    await page.waitForFunction(
      (f) => (document.querySelector(`img[data-verification-file="${f}"]`) as HTMLImageElement | null)?.naturalWidth,
      file,
    );
  }
}

before(async () => {
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2f5d8a" } })
    .jpeg()
    .toFile(DOCUMENT);
  await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#b07a4f" } })
    .jpeg()
    .toFile(SELFIE);
  adminToken = await fixtureAdminToken(e2e.site);
  await createPaidModel("ana");
  await createPaidModel("bia");
  await createPaidModel("cris");
});

after(async () => {
  rmSync(filesDir, { recursive: true, force: true });
});

describe("advertiser verification by review", () => {
  let code = "";

  test("paid but not verified, she is not public; her dashboard sends her to verify, and she sends the photos", async () => {
    assert.equal((await fetch(`${e2e.site.baseUrl}/api/models/public/${models.ana.id}`)).status, 404);
    const { page, errors, context } = await openAs("model", models.ana.token, "/dashboard", true);
    const banner = page.getByRole("region", { name: "Verificação de identidade" });
    await banner.getByText("Verifique sua identidade").waitFor();
    await page.locator('[data-reason="identity_unverified"]').waitFor();
    await shot(page, "dashboard-unverified-390");
    await banner.getByRole("link", { name: "Verificar identidade" }).click();
    await page.waitForURL("**/dashboard/verificacao");
    await page.getByText("As fotos ficam cifradas").waitFor();
    await shot(page, "model-form-390");
    code = await sendPhotos(page, "CNH");
    await shot(page, "model-pending-390");
    await takeShot(page, "verification-pending-390");
    // The "Em análise" page leads back to the dashboard, which now says since when and what comes next.
    await page.getByRole("link", { name: "Voltar ao painel" }).click();
    await page.waitForURL("**/dashboard");
    await pendingBannerShown(page);
    await takeShot(page, "dashboard-verification-pending-390");
    assert.deepEqual(errors, []);
    await context.close();

    const desktop = await openAs("model", models.ana.token, "/dashboard");
    await pendingBannerShown(desktop.page);
    await takeShot(desktop.page, "dashboard-verification-pending-1280");
    await visit(desktop.page, "/dashboard/verificacao");
    await desktop.page.getByRole("heading", { name: "Em análise" }).waitFor();
    await takeShot(desktop.page, "verification-pending-1280");
    assert.deepEqual(desktop.errors, []);
    await desktop.context.close();
  });

  test("the admin sees the queue, both photos and the code, and asks for a new photo", async () => {
    const { page, errors, context } = await openAs("admin", adminToken, "/admin/verificacoes");
    const row = page.getByRole("row").filter({ hasText: models.ana.name });
    await row.getByText("CNH").waitFor();
    await shot(page, "admin-queue-1280");
    await openReview(page, models.ana.name, code);
    await shot(page, "admin-review-1280");
    await page.getByLabel("Motivo").fill("A selfie está escura: tire outra com mais luz.");
    await page.getByRole("button", { name: "Pedir nova foto" }).click();
    await page.getByText("Nova foto pedida à modelo.").waitFor();
    await page.getByText("Nova foto pedida", { exact: true }).first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("she reads the reason and sends again; the admin approves with her birth date", async () => {
    const model = await openAs("model", models.ana.token, "/dashboard/verificacao");
    await model.page.getByText("A selfie está escura: tire outra com mais luz.").waitFor();
    await shot(model.page, "model-resubmit-1280");
    const newCode = await sendPhotos(model.page, "RG");
    assert.notEqual(newCode, code, "a new submission holds a new code");
    assert.deepEqual(model.errors, []);

    const admin = await openAs("admin", adminToken, "/admin/verificacoes", true);
    await openReview(admin.page, models.ana.name, newCode);
    await admin.page.getByText("Verificações anteriores").waitFor();
    await shot(admin.page, "admin-review-390");
    await admin.page.getByText("idade informada: 22", { exact: false }).waitFor();
    await admin.page.getByLabel("Data de nascimento (do documento)").fill("1995-04-10");
    // She registered saying 22; the document gives her real age: the reviewer is warned before approving.
    await admin.page.getByText(`Idade informada 22 ≠ documento ${ageOn(1995, 4, 10)}`, { exact: true }).waitFor();
    assert.deepEqual(await axeSeriousFindings(admin.page), []);
    await admin.page.getByLabel("Número do documento (RG)").fill("12.345.678-9");
    await shot(admin.page, "admin-approve-document-390", IDV_SHOTS);
    await admin.page.getByRole("button", { name: "Aprovar verificação" }).click();
    await admin.page.getByText(`${models.ana.name} verificada.`).waitFor();
    await admin.page.getByText("Aprovada", { exact: true }).first().waitFor();
    assert.deepEqual(admin.errors, []);
    await admin.context.close();

    await reload(model.page);
    await model.page.getByRole("heading", { name: "Identidade verificada" }).waitFor();
    await shot(model.page, "model-approved-1280");
    await model.context.close();
  });

  test("the public sees her card and profile with the Verificada badge and the age of her birth date", async () => {
    const age = ageOn(1995, 4, 10);
    for (const mobile of [true, false]) {
      const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(visitor.page, `/cidade/${SAO_PAULO.slug}`);
      const card = visitor.page.getByTestId("model-card").filter({ hasText: models.ana.name });
      await card.getByText("Verificada").waitFor();
      await card.getByText(`${age} anos`).waitFor();
      await card.scrollIntoViewIfNeeded();
      await takeShot(visitor.page, `${SHOTS}/public-card-${mobile ? 390 : 1280}`, { fullPage: false });
      await card.getByRole("link", { name: models.ana.name }).click();
      await visitor.page.getByRole("heading", { name: models.ana.name, level: 1 }).waitFor();
      await visitor.page.getByText("Verificada", { exact: true }).first().waitFor();
      await visitor.page.getByText(`${age} anos`).first().waitFor();
      await takeShot(visitor.page, `${SHOTS}/public-profile-${mobile ? 390 : 1280}`, { fullPage: false });
      assert.deepEqual(visitor.errors, []);
      await visitor.context.close();
    }
  });

  test("under 18 cannot be approved: the admin is told, and the account appears frozen on the queue", async () => {
    const model = await openAs("model", models.bia.token, "/dashboard/verificacao");
    const biaCode = await sendPhotos(model.page, "Passaporte");
    await model.context.close();

    const admin = await openAs("admin", adminToken, "/admin/verificacoes");
    await openReview(admin.page, models.bia.name, biaCode);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    await admin.page.getByLabel("Data de nascimento (do documento)").fill(`${Number(today.slice(0, 4)) - 16}-01-15`);
    await admin.page
      .getByText(`Idade informada 22 ≠ documento ${ageOn(Number(today.slice(0, 4)) - 16, 1, 15)}`, { exact: true })
      .waitFor();
    await admin.page.getByLabel("Número do documento (Passaporte)").fill("FZ 998877");
    await shot(admin.page, "admin-approve-document-1280", IDV_SHOTS);
    await admin.page.getByRole("button", { name: "Aprovar verificação" }).click();
    await admin.page
      .getByText("Menor de 18 anos: a verificação não pode ser aprovada.", { exact: false })
      .first()
      .waitFor();
    await shot(admin.page, "admin-underage-1280");
    await visit(admin.page, "/admin/verificacoes");
    const frozen = admin.page.getByRole("list", { name: "Contas congeladas" });
    await frozen.getByText(models.bia.name).waitFor();
    await shot(admin.page, "admin-frozen-1280");
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
    assert.equal((await fetch(`${e2e.site.baseUrl}/api/models/public/${models.bia.id}`)).status, 404);

    const frozenModel = await openAs("model", models.bia.token, "/dashboard/verificacao", true);
    await frozenModel.page.getByRole("heading", { name: "Conta congelada" }).waitFor();
    await shot(frozenModel.page, "model-frozen-390");
    await frozenModel.context.close();
  });
});

describe("advertiser verification at the identity verifier", () => {
  const verifierButton = `Verificar com ${DEMO_IDENTITY_VERIFIER.name}`;

  test("she cancels at the verifier and reads why, then verifies there and comes back verified", async () => {
    for (const mobile of [true, false]) {
      const opened = await openAs("model", models.cris.token, "/dashboard/verificacao", mobile);
      await opened.page.getByRole("button", { name: verifierButton }).waitFor();
      await opened.page.getByRole("button", { name: "Enviar para análise" }).waitFor();
      await shot(opened.page, `model-verifier-choice-${mobile ? 390 : 1280}`, IDV_SHOTS);
      if (!mobile) {
        // The demo verifier's page and, cancelled there, her page again, at 1280 px too.
        await opened.page.getByRole("button", { name: verifierButton }).click();
        await opened.page.getByRole("heading", { name: "Verifique sua identidade" }).waitFor();
        await shot(opened.page, "demo-identity-verifier-1280", IDV_SHOTS);
        await opened.page.getByRole("button", { name: "Cancelar" }).click();
        await opened.page.getByText("Você cancelou a verificação no verificador.", { exact: false }).waitFor();
        await shot(opened.page, "model-verifier-cancelled-1280", IDV_SHOTS);
      }
      await opened.context.close();
    }
    const model = await openAs("model", models.cris.token, "/dashboard/verificacao", true);
    const page = model.page;
    await page.getByRole("button", { name: verifierButton }).click();
    await page.getByRole("heading", { name: "Verifique sua identidade" }).waitFor();
    assert.equal(new URL(page.url()).origin, e2e.verifier.issuer);
    await page.getByRole("button", { name: "Cancelar" }).click();
    await page.getByText("Você cancelou a verificação no verificador.", { exact: false }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/dashboard/verificacao");
    await shot(page, "model-verifier-cancelled-390", IDV_SHOTS);

    await page.getByRole("button", { name: verifierButton }).click();
    await page.getByRole("heading", { name: "Verifique sua identidade" }).waitFor();
    await page.getByLabel("Data de nascimento").fill("1994-03-02");
    await page.getByLabel("Número do documento").fill("MG-11.222.333");
    await shot(page, "demo-identity-verifier-390", IDV_SHOTS);
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText("Identidade verificada pelo verificador.").waitFor();
    await page.getByRole("heading", { name: "Identidade verificada" }).waitFor();
    await shot(page, "model-verifier-approved-390", IDV_SHOTS);
    assert.deepEqual(model.errors, []);
    await model.context.close();

    const own = await call<{ verification: { state: string; birth_date: string } }>(
      "GET",
      "/api/models/verification",
      undefined,
      models.cris.token,
    );
    assert.deepEqual([own.verification.state, own.verification.birth_date], ["approved", "1994-03-02"]);
  });
});
