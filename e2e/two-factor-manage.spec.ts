import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import { advertiser, useSite } from "./fixtures";
import { newPage, shot, visit } from "./harness";

/**
 * Two-step sign-in, once on, from Configurações: new recovery codes, a new phone and switching it off, each
 * confirmed in a dialog by a current code (here a recovery code, usable at once, or the new phone's first code).
 */
const SHOTS = "tfa";

const e2e = useSite();

const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** An advertiser with her authenticator already on (through the API): her token, password and recovery codes. */
async function advertiserWithTwoFactor() {
  const her = await advertiser(e2e.site, "registered", {
    registration: { name: `Lia ${randomUUID().slice(0, 8)}`, age: 29 },
  });
  const post = async (url: string, payload: object | undefined, token?: string) => {
    const res = await fetch(`${e2e.site.baseUrl}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload ?? {}),
    });
    assert.ok(res.ok, `${url}: ${res.status}`);
    return res.json();
  };
  const { token } = her;
  const { secret } = await post("/api/models/two-factor/setup", undefined, token);
  const { recovery_codes } = await post("/api/models/two-factor/confirm", { code: code(secret) }, token);
  return { token, password: her.password, recovery: recovery_codes as string[] };
}

describe("managing two-step sign-in", () => {
  for (const mobile of [true, false]) {
    test(`new recovery codes, a new phone, switching it off (${mobile ? 390 : 1280} px)`, async () => {
      const width = mobile ? 390 : 1280;
      const her = await advertiserWithTwoFactor();
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), her.token);
      await visit(page, "/dashboard/configuracoes");
      const card = page.getByRole("region", { name: "Verificação em duas etapas" });
      await card.getByText("Ativada").waitFor();
      await shot(card, `${SHOTS}/two-factor-manage-${width}`);

      // New recovery codes: a wrong code is refused in the dialog; a recovery code gives ten new ones.
      await card.getByRole("button", { name: "Gerar novos códigos" }).click();
      const dialog = page.getByRole("dialog", { name: "Gerar novos códigos de recuperação?" });
      await dialog.getByLabel("Código de verificação").fill("000000");
      await dialog.getByRole("button", { name: "Gerar novos códigos" }).click();
      await dialog.getByText("Código inválido ou já usado").waitFor();
      await shot(page, `${SHOTS}/two-factor-codes-dialog-${width}`, { fullPage: false });
      await dialog.getByLabel("Código de verificação").fill(her.recovery[0]);
      await dialog.getByRole("button", { name: "Gerar novos códigos" }).click();
      const list = card.getByRole("list", { name: "Códigos de recuperação" });
      await list.waitFor();
      const fresh = (await list.getByRole("listitem").allTextContents()).map((s) => s.trim());
      assert.equal(fresh.length, 10);
      assert.ok(!fresh.includes(her.recovery[1]));
      await card.getByRole("button", { name: "Guardei meus códigos" }).click();

      // A new phone: the new QR code, confirmed by its first code.
      await card.getByRole("button", { name: "Trocar aplicativo" }).click();
      const replace = page.getByRole("dialog", { name: "Trocar o aplicativo autenticador?" });
      await replace.getByLabel("Código de verificação").fill(fresh[0]);
      await replace.getByRole("button", { name: "Trocar aplicativo" }).click();
      const secret = (await card.locator("[data-totp-secret]").textContent())!.trim();
      await card.getByLabel("Código de verificação").fill(code(secret));
      await card.getByRole("button", { name: "Ativar" }).click();
      const again = card.getByRole("list", { name: "Códigos de recuperação" });
      await again.waitFor();
      const newest = (await again.getByRole("listitem").allTextContents()).map((s) => s.trim());
      await card.getByRole("button", { name: "Guardei meus códigos" }).click();

      // Switching it off: her password and a code.
      await card.getByRole("button", { name: "Desativar" }).click();
      const off = page.getByRole("dialog", { name: "Desativar a verificação em duas etapas?" });
      await off.getByLabel("Sua senha").fill(her.password);
      await off.getByLabel("Código de verificação").fill(newest[0]);
      await shot(page, `${SHOTS}/two-factor-disable-dialog-${width}`, { fullPage: false });
      await off.getByRole("button", { name: "Desativar" }).click();
      await card.getByRole("button", { name: "Ativar verificação em duas etapas" }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
