import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { buildRegistration, useSite } from "./fixtures";
import { newPage, shot, signInAsAdmin, visit } from "./harness";

/**
 * Sessões ativas end to end: a model signed in on three devices sees them in Configurações, ends the phone's
 * session (its token is refused at once) and then all the others; the admin sees hers in Configurações.
 */
const SHOTS = "sess";
const id = randomUUID().slice(0, 8);
const MODEL = buildRegistration({ name: `Clara ${id}`, age: 25 });
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const e2e = useSite();

async function call(method: string, pathname: string, opts: { token?: string; ua?: string; body?: unknown } = {}) {
  const res = await fetch(`${e2e.site.baseUrl}${pathname}`, {
    method,
    headers: {
      ...(opts.body ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ua ? { "user-agent": opts.ua } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}
const signIn = async (ua: string) =>
  (await call("POST", "/api/auth/model/login", { ua, body: { email: MODEL.email, password: MODEL.password } })).body
    .token as string;
const profileStatus = async (token: string) => (await call("GET", "/api/models/profile", { token })).status;

async function settle(page: Page) {
  await page.locator('[data-testid="top-progress"][data-active="false"]').waitFor({ state: "attached" });
  await page.waitForTimeout(300);
}

describe("Sessões ativas", () => {
  test("a model ends her phone's session, then all the others; their tokens are refused at once", async () => {
    const registered = await call("POST", "/api/auth/model/register", { body: MODEL });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const first = registered.body.token as string;
    const phone = await signIn(ANDROID);
    const desktop = await signIn(WINDOWS);

    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), desktop);
      await visit(page, "/dashboard/configuracoes");
      const card = page.getByRole("region", { name: "Sessões ativas" });
      await card.getByText("Chrome no Android").waitFor();
      await card.getByText("Esta sessão").waitFor();
      await shot(page, `${SHOTS}/sessions-model-${mobile ? 390 : 1280}`, { settle: () => settle(page) });
      assert.deepEqual(errors, []);
      await context.close();
    }

    const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { ageConfirmed: true });
    await context.addInitScript((t) => window.localStorage.setItem("modelToken", t), desktop);
    await visit(page, "/dashboard/configuracoes");
    const card = page.getByRole("region", { name: "Sessões ativas" });
    await card.getByRole("button", { name: "Encerrar Chrome no Android" }).click();
    const dialog = page.getByRole("dialog", { name: "Encerrar esta sessão?" });
    await dialog.getByText("Chrome no Android (rede 127.0.0.x)").waitFor();
    await dialog.getByRole("button", { name: "Encerrar" }).click();
    await page.getByText("Sessão encerrada.").waitFor();
    await card.getByText("Chrome no Android").waitFor({ state: "detached" });
    assert.equal(await profileStatus(phone), 401, "the phone's token is refused at once");
    assert.equal(await profileStatus(first), 200, "another session still works");

    await card.getByRole("button", { name: "Encerrar todas as outras" }).click();
    await page
      .getByRole("dialog", { name: "Encerrar todas as outras sessões?" })
      .getByRole("button", { name: "Encerrar" })
      .click();
    await page.getByText("As outras sessões foram encerradas.").waitFor();
    assert.equal(await profileStatus(first), 401);
    assert.equal(await profileStatus(desktop), 200, "this browser stays signed in");
    assert.equal(await card.getByRole("listitem").count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the admin sees her sessions in Configurações", async () => {
    for (const mobile of [true, false]) {
      const { context, page, errors } = await newPage(e2e.browser, e2e.site.baseUrl, { mobile, ageConfirmed: true });
      await signInAsAdmin(page);
      await visit(page, "/admin/settings");
      const card = page.getByRole("region", { name: "Sessões ativas" });
      await card.getByText("Esta sessão").waitFor();
      await shot(card, `${SHOTS}/sessions-admin-${mobile ? 390 : 1280}`, { settle: () => settle(page) });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
