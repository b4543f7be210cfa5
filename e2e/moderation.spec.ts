import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { adminPage, advertiser, useSite } from "./fixtures";
import { ADMIN, newPage, reload, shot as takeShot, visit } from "./harness";

/**
 * Reports and takedown, clicked through the built site: a visitor reports a profile, the admin hides it from the
 * "Denúncias" queue, the model reads the decision and its reason on her dashboard and appeals once, the admin
 * reverses it and her profile is public again; then a ban: she still signs in, reaches only the decision, appeals
 * once, and the admin reverses it. The art. 29 notice page is reached from the footer, and its e-mail link shows the
 * notice's state. An urgent report reaches every admin by e-mail and puts a red count on the admin's navigation and
 * dashboard; the queue opens a case from the keyboard.
 */
const SHOTS = "moderation";
/** The reported model: public (e-mail confirmed, verified, paid), with one public photo. */
const MODEL = { name: "Helena Teste", email: "", password: "" };
const e2e = useSite();
let modelId: number;

async function shot(page: Page, name: string) {
  await takeShot(page, `${SHOTS}/${name}`);
}

/** She becomes public through the site's routes (fixtures.ts), then uploads one public photo through the API. */
async function seedReportedModel() {
  const her = await advertiser(e2e.site, "public", { registration: { name: MODEL.name, age: 27 } });
  Object.assign(MODEL, { email: her.email, password: her.password });
  modelId = her.id;
  const png = await sharp(randomBytes(240 * 320 * 3), { raw: { width: 240, height: 320, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("is_public", "true");
  form.append("photo", new Blob([png], { type: "image/png" }), "foto.png");
  const upload = await fetch(`${e2e.site.baseUrl}/api/models/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${her.token}` },
    body: form,
  });
  assert.equal(upload.status, 201, await upload.text());
}

/** The admin, on a case's screen, records a decision with its reason. */
async function recordDecision(page: Page, action: string, reason: string) {
  await page.getByLabel("Ação", { exact: true }).selectOption(action);
  await page.getByLabel("Motivo", { exact: true }).fill(reason);
}

/** She signs in through the login screen, until `landing`. */
async function signInAsModel(page: Page, landing: string) {
  await visit(page, "/login");
  await page.getByLabel("E-mail").fill(MODEL.email);
  await page.getByLabel("Senha", { exact: true }).fill(MODEL.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/** She appeals once; the form goes away. */
async function appealOnce(page: Page, text: string) {
  await page.getByLabel("Recorrer da decisão").fill(text);
  await page.getByRole("button", { name: "Enviar recurso" }).click();
  await page.getByText("Recurso em análise").waitFor();
  assert.equal(await page.getByRole("button", { name: "Enviar recurso" }).count(), 0, "one appeal only");
}

/** The admin reverses her appeal from the "Recursos" tab. */
async function reverseAppeal(page: Page, appeal: string, reason: string) {
  await visit(page, "/admin/denuncias");
  await page.getByRole("tab", { name: "Recursos" }).click();
  await page.getByRole("row").filter({ hasText: MODEL.name }).click();
  await page.getByText(appeal).waitFor();
  await page.getByLabel("Resultado", { exact: true }).selectOption("reversed");
  await page.getByLabel("Motivo", { exact: true }).fill(reason);
  await page.getByRole("button", { name: "Decidir recurso" }).click();
  await page.getByText("Recurso decidido.").waitFor();
}

const publicStatus = async () => (await fetch(`${e2e.site.baseUrl}/api/models/public/${modelId}`)).status;

before(async () => {
  await seedReportedModel();
});

describe("reports and takedown", () => {
  test("a report → the admin hides the profile → the model reads the decision and appeals → the admin reverses it", async () => {
    // A visitor on a phone reports the profile.
    const visitor = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await visit(visitor.page, `/modelo/${modelId}`);
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
    const admin = await adminPage(e2e.browser, e2e.site);
    await admin.page.getByRole("link", { name: "Denúncias", exact: true }).click();
    await admin.page.getByRole("heading", { name: "Denúncias", exact: true }).waitFor();
    const row = admin.page.getByRole("row").filter({ hasText: MODEL.name });
    await row.waitFor();
    await shot(admin.page, "admin-queue-1280");
    await row.click();
    await admin.page.getByText("Pede pagamento adiantado e some.").waitFor();
    await recordDecision(admin.page, "hide_profile", "Anúncio com indícios de golpe.");
    await shot(admin.page, "admin-case-1280");
    await admin.page.getByRole("button", { name: "Registrar decisão" }).click();
    await admin.page.getByText("Decisão registrada.").waitFor();
    assert.equal(await publicStatus(), 404, "hidden at once");

    // The model signs in: the dashboard tells her, the decision page shows the reason, she appeals once.
    const model = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await signInAsModel(model.page, "/dashboard");
    await model.page.getByText("Perfil ocultado pela moderação").first().waitFor();
    await shot(model.page, "model-dashboard-390");
    await model.page.getByRole("link", { name: "Ver decisões" }).click();
    await model.page.getByText("Anúncio com indícios de golpe.").waitFor();
    await appealOnce(model.page, "Nunca pedi pagamento adiantado; posso mostrar as conversas.");
    await shot(model.page, "model-decision-390");

    // The admin decides the appeal from the "Recursos" tab.
    await reverseAppeal(admin.page, "Nunca pedi pagamento adiantado", "Conversas conferidas: sem golpe.");
    assert.equal(await publicStatus(), 200, "public again");

    await reload(model.page);
    await model.page.getByText("Decisão revertida").waitFor();
    await model.page.getByText("Conversas conferidas: sem golpe.").waitFor();
    await model.page.setViewportSize({ width: 1280, height: 800 });
    await shot(model.page, "model-decision-1280");
    await visit(admin.page, "/admin/denuncias");
    await admin.page.getByText("Tempo até a 1ª ação").waitFor();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, "admin-queue-390");
    assert.deepEqual([...admin.errors, ...model.errors], []);
    await admin.context.close();
    await model.context.close();
  });

  test("a ban → she still signs in, reaches only the decision and appeals once → the admin reverses it", async () => {
    // A report of one of her photos (another item than the profile this address reported today).
    const profile = (await (await fetch(`${e2e.site.baseUrl}/api/models/public/${modelId}`)).json()) as {
      photos: { id: number }[];
    };
    const reported = await fetch(`${e2e.site.baseUrl}/api/reports`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model_id: modelId, photo_id: profile.photos[0].id, category: "scam" }),
    });
    assert.equal(reported.status, 200, await reported.text());
    const admin = await adminPage(e2e.browser, e2e.site);
    await visit(admin.page, "/admin/denuncias");
    await admin.page.getByRole("row").filter({ hasText: MODEL.name }).click();
    await recordDecision(admin.page, "ban", "Conta usada para golpes.");
    await admin.page.getByRole("button", { name: "Registrar decisão" }).click();
    await admin.page.getByText("Decisão registrada.").waitFor();
    assert.equal(await publicStatus(), 404, "banned: hidden");

    // She signs in and lands on the decision, the one screen she reaches; she appeals once.
    const model = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: true, ageConfirmed: true });
    await signInAsModel(model.page, "/dashboard/moderacao");
    await model.page.getByText("Conta usada para golpes.").waitFor();
    assert.equal(await model.page.getByRole("link", { name: "Voltar" }).count(), 0, "nowhere else to go");
    // Her data stays hers to download (the right of access), from this screen.
    await model.page.getByRole("button", { name: "Baixar meus dados" }).click();
    await model.page.getByText("Seus dados foram baixados.").waitFor();
    await shot(model.page, "banned-decision-390");
    await visit(model.page, "/dashboard");
    await model.page.getByRole("heading", { name: "Conta encerrada" }).waitFor();
    await shot(model.page, "banned-dashboard-390");
    await model.page.getByRole("link", { name: "Ver a decisão" }).click();
    await appealOnce(model.page, "Nunca apliquei golpe; as fotos são minhas.");
    await model.page.setViewportSize({ width: 1280, height: 800 });
    await shot(model.page, "banned-appealed-1280");

    await reverseAppeal(admin.page, "Nunca apliquei golpe", "Fotos e conversas conferidas.");
    assert.equal(await publicStatus(), 200, "public again");

    // The ban lifted, her dashboard is hers again.
    await visit(model.page, "/dashboard");
    await model.page.getByRole("heading", { name: "Meu Perfil" }).waitFor();
    assert.deepEqual([...admin.errors, ...model.errors], []);
    await admin.context.close();
    await model.context.close();
  });

  test("the footer leads to the identified notice of art. 29, which is not anonymous", async () => {
    for (const mobile of [true, false]) {
      const { page, context, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await visit(page, "/");
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

      // The link e-mailed to her opens "Sua denúncia", outside the age check: she confirms it there, once.
      const mail = await e2e.site.mail.waitFor({ to: "maria@example.com", subject: /Confirme sua denúncia/ }, 15_000);
      const link = new RegExp("/denuncias/confirmar\\?token=[A-Za-z0-9_-]+").exec(mail.text);
      assert.ok(link, mail.text);
      e2e.site.mail.received.splice(e2e.site.mail.received.indexOf(mail), 1);
      await visit(page, link[0]);
      await page.getByText("Recebida", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Confirmar denúncia" }).click();
      await page.getByText("E-mail confirmado. Sua denúncia será analisada com prioridade.").waitFor();
      await page.getByText("Em análise", { exact: true }).waitFor();
      await shot(page, `notice-confirmed-${mobile ? 390 : 1280}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("an urgent report e-mails the admin, shows a red count in her navigation and dashboard, and opens by keyboard", async () => {
    const other = await advertiser(e2e.site, "registered");
    const reported = await fetch(`${e2e.site.baseUrl}/api/reports`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model_id: other.id, category: "minor_or_exploitation", text: "Parece ter 15 anos." }),
    });
    assert.equal(reported.status, 200, await reported.text());

    // The alert in the admin's inbox: the case's link, nothing of the reporter.
    const alert = await e2e.site.mail.waitFor({ to: ADMIN.email, subject: /Denúncia urgente: Menor de idade/ }, 15_000);
    const caseLink = /\/admin\/denuncias\/(\d+)/.exec(alert.text);
    assert.ok(caseLink, alert.text);
    assert.doesNotMatch(alert.text, /15 anos/, "what the reporter wrote stays in the admin");

    const admin = await adminPage(e2e.browser, e2e.site);
    const nav = admin.page.getByRole("navigation", { name: "Áreas da administração" });
    await nav.getByRole("link", { name: "Painel" }).waitFor();
    await nav.getByRole("link", { name: /^Denúncias\s*, 1 denúncia urgente$/ }).waitFor();
    await admin.page.getByRole("heading", { name: /^1 denúncia urgente — espera há/ }).waitFor();
    await shot(admin.page, "admin-urgent-dashboard-1280");

    // The queue by keyboard: Tab reaches the case's link, Enter opens it.
    await admin.page.getByRole("link", { name: "Abrir a fila de Denúncias" }).click();
    const open = admin.page.getByRole("link", { name: new RegExp(`Abrir o caso nº ${caseLink[1]}:`) });
    await open.waitFor();
    await open.focus();
    await admin.page.keyboard.press("Enter");
    await admin.page.waitForURL(`**/admin/denuncias/${caseLink[1]}`);
    await admin.page.getByText("Parece ter 15 anos.").waitFor();
    await admin.page.getByText("1 denúncia", { exact: false }).first().waitFor();
    await recordDecision(admin.page, "archive", "Documento conferido: maior de idade.");
    await admin.page.getByRole("button", { name: "Registrar decisão" }).click();
    await admin.page.getByText("Decisão registrada.").waitFor();
    await visit(admin.page, "/admin/dashboard");
    await admin.page.getByRole("heading", { name: "Painel Administrativo" }).waitFor();
    assert.equal(await nav.getByRole("link", { name: /denúncia urgente/ }).count(), 0, "no badge once decided");
    assert.equal(await admin.page.getByRole("heading", { name: /denúncia urgente/ }).count(), 0);
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });
});
