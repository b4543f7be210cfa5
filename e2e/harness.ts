import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { APP_READY_ATTRIBUTE, SSR_STATE_ID } from "@vitrine/contracts";
import { freePort } from "../apps/server/src/test/free-port";
import { seedDataDir } from "../apps/server/src/test/prepared-data";
import { serverBundle } from "../apps/server/src/test/server-bundle";
import { linkToken, type LocalSmtp, startLocalSmtp } from "../apps/server/src/test/smtp";

export const ADMIN = { email: "admin@e2e.local", password: "e2e-admin-secret" };
const root = path.resolve(import.meta.dirname, "..");

export type Site = {
  baseUrl: string;
  dataDir: string;
  /** What the server printed on stdout so far (also passed on to this process's stdout). */
  output: () => string;
  /** The local SMTP server the site sends its e-mail to (SMTP_URL), with what arrived. */
  mail: LocalSmtp;
  stop: () => Promise<void>;
};

/**
 * The server of the current TypeScript sources (compiled once, test/server-bundle.ts), or the one `npm run serve`
 * runs (the build of `npm run build`).
 */
async function serverArgs(built: boolean | undefined): Promise<string[]> {
  return ["--enable-source-maps", built ? "apps/server/dist/server.js" : await serverBundle()];
}

/**
 * Starts the real server (built web app, PGlite in a new data dir unless `env` names one) on a free port. The
 * first admin is ADMIN unless `env` says otherwise (ADMIN_PASSWORD: "" makes the server generate one and print
 * it). The data dir gets the prepared database (migrations and reference data, see seedDataDir) unless
 * `emptyDataDir`: then the server's first start builds it, as on a new machine. `built` runs the server bundle of
 * `npm run build` instead of the sources. Passwords are hashed at the test cost (PASSWORD_HASH_COST).
 */
export async function startSite(
  env: Record<string, string> = {},
  opts: { built?: boolean; emptyDataDir?: boolean } = {},
): Promise<Site> {
  const port = await freePort();
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR || mkdtempSync(path.join(tmpdir(), "vitrine-e2e-"));
  if (!opts.emptyDataDir) await seedDataDir(dataDir);
  const mail = await startLocalSmtp();
  const child: ChildProcess = spawn(process.execPath, await serverArgs(opts.built), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "1000",
      PASSWORD_HASH_COST: "test",
      SMTP_URL: mail.url,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    process.stdout.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  dataDirOfPort.set(String(port), dataDir);
  // A server that does not answer within two minutes (a loaded CI machine starts one in seconds) fails the suite
  // here, with its output, instead of every test after it.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await mail.close();
      throw new Error(`server exited with ${child.exitCode}\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /api/health within 120 s\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    output: () => output,
    mail,
    stop: async () => {
      await mail.close();
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless (the fixtures launch one per worker process: fixtures.ts `useSite`). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
}

/**
 * Every page open in `browser`: its address and the first `chars` characters of its visible text, for the report
 * of a failing test (fixtures.ts useSite). A page that does not answer within 5 s (a hung script) says so.
 */
export async function describeOpenPages(browser: Browser, chars = 1500): Promise<string> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages.length === 0) return "no page was open";
  const described = await Promise.all(
    pages.map(async (page, index) => {
      const text = await Promise.race([
        page
          .evaluate(() => {
            // Dialogs, alerts and live messages (toasts) first: they sit at the end of the page, past the cut.
            const overlays = Array.from(
              document.querySelectorAll<HTMLElement>(
                '[role="dialog"], [role="alertdialog"], [role="alert"], [aria-live]',
              ),
              (el) => el.innerText.trim(),
            ).filter(Boolean);
            const whole = document.body?.innerText ?? "";
            return overlays.length > 0 ? `[dialogs and messages]\n${overlays.join("\n")}\n[page]\n${whole}` : whole;
          })
          .catch((err: Error) => `(unreadable: ${err.message})`),
        new Promise<string>((resolve) => setTimeout(() => resolve("(no answer within 5 s)"), 5000).unref()),
      ]);
      const shown = text.replace(/\n{2,}/g, "\n").trim();
      const cut = shown.length > chars ? `${shown.slice(0, chars)}…` : shown;
      return `page ${index + 1} of ${pages.length}: ${page.url()}\n${cut.replace(/^/gm, "  | ")}`;
    }),
  );
  return described.join("\n");
}

/** A fresh browser context (own storage) at a phone or desktop width; fails on page errors and CSP violations. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  opts: { mobile?: boolean; ageConfirmed?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    locale: "pt-BR",
  });
  if (opts.ageConfirmed) {
    // A returning visitor: accepted on the device and in the cookie the server reads.
    await context.addInitScript(() => window.localStorage.setItem("ageConfirmed", "true"));
    await context.addCookies([{ name: "age_ok", value: "1", url: baseUrl }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  // A Content-Security-Policy violation is a bug in the page or in the policy: it fails the spec like an error.
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * The e2e admin's authenticator app, one per data directory: admins sign in in two steps (the password, then a code
 * of the app), set up at their first sign-in on a fresh data directory (the set-up replaces the secret kept here; a
 * restarted server on the same data directory keeps asking the same one). The server takes the code of the current
 * 30-second step or of the one before or after, each step once and never an earlier one than the last used: a
 * second sign-in within a step uses the next step's code, and only a third one waits for the next step. A site is
 * named by any address of it (its port: `localhost` and `127.0.0.1` are the same site).
 */
const phones = new Map<string, { secret: string; lastStep: number }>();
const dataDirOfPort = new Map<string, string>();
const phoneKey = (address: string) => {
  const port = new URL(address).port;
  return dataDirOfPort.get(port) ?? port;
};

/**
 * A code of the authenticator with `secret` for a 30-second step after `lastStep` that the server takes now: the
 * current step, else the next one (the server takes either), waiting only when both were used (up to 30 s).
 */
export async function totpCodeAfter(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, lastStep + 1);
    if (step <= now + 1) {
      return { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 }), step };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The code of the admin's authenticator on the site at `address`, never of a step used before (waits up to 30 s). */
export async function nextAdminCode(address: string): Promise<string> {
  const phone = phones.get(phoneKey(address));
  if (!phone) throw new Error(`the admin of ${address} has no authenticator set up yet`);
  const { code, step } = await totpCodeAfter(phone.secret, phone.lastStep);
  phone.lastStep = step;
  return code;
}

/** Remembers the authenticator secret of the admin of the site at `address` (read from the set-up screen or answer). */
export function rememberAdminSecret(address: string, secret: string): void {
  const key = phoneKey(address);
  phones.set(key, { secret, lastStep: phones.get(key)?.lastStep ?? -1 });
}

/** ADMIN's session token through the API: password, then the code (setting up the authenticator the first time). */
export async function adminApiToken(baseUrl: string, admin = ADMIN): Promise<string> {
  const post = async (pathname: string, body: object) => {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, string>;
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { two_factor, challenge } = await post("/api/auth/admin/login", admin);
  if (two_factor === "setup") {
    rememberAdminSecret(baseUrl, (await post("/api/auth/admin/two-factor/setup", { challenge })).secret);
    const code = await nextAdminCode(baseUrl);
    return (await post("/api/auth/admin/two-factor/confirm", { challenge, code })).token;
  }
  return (await post("/api/auth/admin/two-factor", { challenge, code: await nextAdminCode(baseUrl) })).token;
}

/**
 * Completes the admin login screen's second step once the password was sent: sets up the authenticator the first
 * time on a fresh data directory (reading its key from the screen, then "Guardei meus códigos"), otherwise types its code.
 */
export async function completeAdminSecondStep(page: Page): Promise<void> {
  await page.getByLabel("Código de verificação").waitFor();
  const secretShown = page.locator("[data-totp-secret]");
  const settingUp = await page.getByRole("heading", { name: "Configure a verificação em duas etapas" }).isVisible();
  if (settingUp) {
    await secretShown.waitFor();
    rememberAdminSecret(page.url(), (await secretShown.textContent())!.trim());
  }
  await page.getByLabel("Código de verificação").fill(await nextAdminCode(page.url()));
  await page.getByRole("button", { name: settingUp ? "Ativar e entrar" : "Verificar" }).click();
  if (settingUp) await page.getByRole("button", { name: "Guardei meus códigos" }).click();
}

/** Signs in through the admin login screen as ADMIN (password, then the code) and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await visit(page, "/admin/login");
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await completeAdminSecondStep(page);
  await page.waitForURL("**/admin/dashboard");
}

/**
 * Chromium's virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`) for `page`: a platform
 * passkey store that verifies its user, as a phone's fingerprint would. The page must be on `localhost` (a WebAuthn
 * relying party id is a domain, never an IP address).
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/**
 * A picture of the page (or of one element) for a person to look at, in .screenshots/<name>.png (git-ignored;
 * `name` may hold folders: "admin-money/plans-390"); the whole page unless `fullPage: false`. `settle` is what the
 * picture waits for first: milliseconds for an animation to end, or a function (the top progress bar gone, the
 * page scrolled back up). Under CI=true scripts/test.sh sets E2E_SCREENSHOTS=0: no picture is taken (nobody sees
 * CI's disk), and nothing is waited for it.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  opts: { fullPage?: boolean; settle?: number | (() => Promise<unknown>) } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  if (typeof opts.settle === "number") await ("goto" in target ? target : target.page()).waitForTimeout(opts.settle);
  else await opts.settle?.();
  const file = path.join(root, ".screenshots", `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  if ("goto" in target) await target.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  else await target.screenshot({ path: file });
}

/**
 * A server-rendered page is on screen before its app runs (the app is fetched once the page has loaded and
 * painted), and its buttons and search box work only then, as for a visitor on a phone. `visit` and `reload`
 * therefore also wait for the app to mark the page ready, unless asked to act at the first byte
 * (`waitUntil: "commit"`).
 */
export async function visit(page: Page, url: string, options?: Parameters<Page["goto"]>[1]): ReturnType<Page["goto"]> {
  const response = await page.goto(url, options);
  if (options?.waitUntil !== "commit") await appReady(page);
  return response;
}

export async function reload(page: Page, options?: Parameters<Page["reload"]>[0]): ReturnType<Page["reload"]> {
  const response = await page.reload(options);
  if (options?.waitUntil !== "commit") await appReady(page);
  return response;
}

async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    ([stateId, readyAttribute]) =>
      !document.getElementById(stateId) || document.documentElement.hasAttribute(readyAttribute),
    [SSR_STATE_ID, APP_READY_ATTRIBUTE] as const,
  );
}

/**
 * Opens the confirmation link the site e-mailed to `email` (read from the local SMTP server), as she would:
 * fixtures that register a model through the API call it before she pays or goes public.
 */
export async function confirmEmail(site: Site, email: string): Promise<void> {
  const mail = await site.mail.waitFor({ to: email, subject: /Confirme seu e-mail/ }, 15_000);
  const res = await fetch(`${site.baseUrl}/api/auth/email/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: linkToken(mail, "/confirmar-email") }),
  });
  if (!res.ok) throw new Error(`confirmation failed: ${res.status} ${await res.text()}`);
}
