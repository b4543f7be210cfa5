import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { ADMIN, launchBrowser, newPage, type Site, startSite } from "./harness";

/**
 * Reports and takedown, clicked through the built site: a visitor reports a profile, the admin hides it from the
 * "Denúncias" queue, the model reads the decision and its reason on her dashboard and appeals once, the admin
 * reverses it and her profile is public again. The art. 29 notice page is reached from the footer.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-e2e-moderation-"));
const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "shots", "moderation");
const MODEL = {
  username: `denunciada${randomBytes(2).toString("hex")}`,
  email: `denunciada${randomBytes(2).toString("hex")}@example.com`,
  password: "senha-forte-123",
  name: "Helena Teste",
  age: 27,
  phone: "11987654321",
  whatsapp: "11987654321",
  estado_id: 35,
  municipio_id: 3550308,
  category_id: 1,
};
let site: Site;
let browser: Browser;
let modelId: number;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Registers her and uploads one public photo through the API; then (server stopped) pays and verifies her. */
async function seedReportedModel() {
  const res = await fetch(`${site.baseUrl}/api/auth/model/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(MODEL),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const { token, model } = (await res.json()) as { token: string; model: { id: number } };
  modelId = model.id;
  const png = await sharp(randomBytes(240 * 320 * 3), { raw: { width: 240, height: 320, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("is_public", "true");
  form.append("photo", new Blob([png], { type: "image/png" }), "foto.png");
  const upload = await fetch(`${site.baseUrl}/api/models/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(upload.status, 201, await upload.text());
  await site.stop();
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  await db.query(
    `update models set next_due_date = (now() at time zone 'America/Sao_Paulo')::date + 30, first_paid_at = now(),
       is_verified = true, is_active = true where id = $1`,
    [modelId],
  );
  await db.close();
  site = await startPatiently();
}

/** startSite, then more patience than its 60 s for the first answer: the machine may be shared and busy. */
async function startPatiently(): Promise<Site> {
  const started = await startSite({ DATA_DIR: dataDir });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${started.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return started;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the site did not answer within 5 minutes");
}

/** Through the admin login screen, until the dashboard's address. */
async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/admin/dashboard");
}

const publicStatus = async () => (await fetch(`${site.baseUrl}/api/models/public/${modelId}`)).status;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startPatiently();
  await seedReportedModel();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("reports and takedown", () => {
  test("a report → the admin hides the profile → the model reads the decision and appeals → the admin reverses it", async () => {
    // A visitor on a phone reports the profile.
    const visitor = await newPage(browser, site.baseUrl, { mobile: true, ageConfirmed: true });
    await visitor.page.goto(`/modelo/${modelId}`);
    await visitor.page.getByRole("button", { name: "Denunciar perfil" }).click();
    const dialog = visitor.page.getByRole("dialog", { name: "Denunciar perfil" });
    await dialog.getByLabel("Golpe").check();
    await dialog.getByLabel("Detalhes (opcional)").fill("Pede pagamento adiantado e some.");
    await shot(visitor.page, "report-dialog-390");
    await dialog.getByRole("button", { name: "Enviar denúncia" }).click();
    await visitor.page.getByRole("dialog", { name: "Denúncia recebida. Obrigado." }).waitFor();
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
    assert.equal(await publicStatus(), 200, "one ordinary report hides nothing");

    // The admin finds it in the queue and hides the profile.
    const admin = await newPage(browser, site.baseUrl, { ageConfirmed: true });
    await signInAsAdmin(admin.page);
    await admin.page.getByRole("link", { name: "Denúncias", exact: true }).click();
    await admin.page.getByRole("heading", { name: "Denúncias", exact: true }).waitFor();
    const row = admin.page.getByRole("row").filter({ hasText: MODEL.name });
    await row.waitFor();
    await shot(admin.page, "admin-queue-1280");
    await row.click();
    await admin.page.getByText("Pede pagamento adiantado e some.").waitFor();
    await admin.page.getByLabel("Ação", { exact: true }).selectOption("hide_profile");
    await admin.page.getByLabel("Motivo", { exact: true }).fill("Anúncio com indícios de golpe.");
    await shot(admin.page, "admin-case-1280");
    await admin.page.getByRole("button", { name: "Registrar decisão" }).click();
    await admin.page.getByText("Decisão registrada.").waitFor();
    assert.equal(await publicStatus(), 404, "hidden at once");

    // The model signs in: the dashboard tells her, the decision page shows the reason, she appeals once.
    const model = await newPage(browser, site.baseUrl, { mobile: true, ageConfirmed: true });
    await model.page.goto("/login");
    await model.page.getByLabel("E-mail").fill(MODEL.email);
    await model.page.getByLabel("Senha", { exact: true }).fill(MODEL.password);
    await model.page.getByRole("button", { name: "Entrar" }).click();
    await model.page.waitForURL("**/dashboard");
    await model.page.getByText("Perfil ocultado pela moderação").first().waitFor();
    await shot(model.page, "model-dashboard-390");
    await model.page.getByRole("link", { name: "Ver decisões" }).click();
    await model.page.getByText("Anúncio com indícios de golpe.").waitFor();
    await model.page
      .getByLabel("Recorrer da decisão")
      .fill("Nunca pedi pagamento adiantado; posso mostrar as conversas.");
    await model.page.getByRole("button", { name: "Enviar recurso" }).click();
    await model.page.getByText("Recurso em análise").waitFor();
    assert.equal(await model.page.getByRole("button", { name: "Enviar recurso" }).count(), 0, "one appeal only");
    await shot(model.page, "model-decision-390");

    // The admin decides the appeal from the "Recursos" tab.
    await admin.page.goto("/admin/denuncias");
    await admin.page.getByRole("tab", { name: "Recursos" }).click();
    await admin.page.getByRole("row").filter({ hasText: MODEL.name }).click();
    await admin.page.getByText("Nunca pedi pagamento adiantado").waitFor();
    await admin.page.getByLabel("Resultado", { exact: true }).selectOption("reversed");
    await admin.page.getByLabel("Motivo", { exact: true }).fill("Conversas conferidas: sem golpe.");
    await admin.page.getByRole("button", { name: "Decidir recurso" }).click();
    await admin.page.getByText("Recurso decidido.").waitFor();
    assert.equal(await publicStatus(), 200, "public again");

    await model.page.reload();
    await model.page.getByText("Decisão revertida").waitFor();
    await model.page.getByText("Conversas conferidas: sem golpe.").waitFor();
    await model.page.setViewportSize({ width: 1280, height: 800 });
    await shot(model.page, "model-decision-1280");
    await admin.page.goto("/admin/denuncias");
    await admin.page.getByText("Tempo até a 1ª ação").waitFor();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, "admin-queue-390");
    assert.deepEqual([...admin.errors, ...model.errors], []);
    await admin.context.close();
    await model.context.close();
  });

  test("the footer leads to the identified notice of art. 29, which is not anonymous", async () => {
    for (const mobile of [true, false]) {
      const { page, context, errors } = await newPage(browser, site.baseUrl, { mobile, ageConfirmed: true });
      await page.goto("/");
      await page.getByRole("link", { name: "Denúncias e remoção de conteúdo" }).click();
      await page.getByRole("heading", { name: "Denúncias e remoção de conteúdo" }).waitFor();
      await page.getByRole("button", { name: "Enviar notificação" }).click();
      await page.getByText("Nome é obrigatório").waitFor();
      await page.getByLabel("Seu nome").fill("Maria da Silva");
      await page.getByLabel("Seu e-mail").fill("maria@example.com");
      await page.getByLabel("Quem envia").selectOption("self");
      // This address reported her profile today already (one report per visitor per item a day): the notices name
      // pages elsewhere, which still open a case with the URL for the admin.
      const url = `https://outro-site.example/fotos/${mobile ? 1 : 2}`;
      await page.getByLabel("Endereço (URL) do conteúdo").fill(url);
      await page.getByLabel("Motivo").selectOption("not_the_person");
      await page.getByLabel("Descreva o que aconteceu").fill("Estas fotos são minhas e foram usadas sem autorização.");
      await shot(page, `notice-page-${mobile ? 390 : 1280}`);
      await page.getByRole("button", { name: "Enviar notificação" }).click();
      await page.getByText("Denúncia recebida. Obrigado.").waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
