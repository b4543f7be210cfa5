/**
 * npm run lighthouse: Lighthouse (mobile, default simulated throttling) on the home page, a city page, the same city
 * filtered (?ordem=menor_preco&verificada=1) and a profile of the demo data, as a visitor who has just passed the
 * age gate (a fresh browser profile per run, which then obtains its own age pass; Lighthouse empties the HTTP cache
 * before loading the page), three runs each; prints the median performance score, LCP, FCP, TBT, CLS and the
 * JavaScript transferred per page. A benchmark, not a test: the figures move with the machine's load.
 *
 * The age pass is obtained the way a visitor obtains it, in the same browser Lighthouse then drives (the pass is
 * bound to that browser's age session): with an age verifier (the demo's), playwright-core opens /api/age/start and
 * answers "Maior de 18" at the verifier's page; with the self-declaration gate, it clicks "Entrar no site".
 *
 * It builds the web app (skip with LIGHTHOUSE_SKIP_BUILD=1) and starts the demo site itself (src/demo/run-demo.ts)
 * on LIGHTHOUSE_PORT (5190) with its own data directory (LIGHTHOUSE_DATA_DIR, default ./data-lighthouse), or
 * measures an already running site given by LIGHTHOUSE_URL. Chromium: CHROME_PATH (default /usr/bin/chromium).
 * The demo's verifier, fake Mercado Pago and inbox listen on the ports after LIGHTHOUSE_PORT (+1 … +4), so that the
 * script does not collide with a demo already running on the default ports.
 * LIGHTHOUSE_RUNS (3) runs per page; LIGHTHOUSE_PAGES=<regexp> keeps the pages whose name matches (home, cidade,
 * filtrada, perfil); LIGHTHOUSE_BLOCK="*.js" blocks requests matching those patterns (space-separated), e.g. to measure the
 * pages with no script at all (what the browser's own work costs on this machine); LIGHTHOUSE_SAVE_DIR keeps each
 * run's full report and trace (JSON) there.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { describePageFaults } from "./machine.mjs";

const env = process.env;
const root = path.resolve(import.meta.dirname, "..");
const runs = Number(env.LIGHTHOUSE_RUNS ?? 3);
const port = Number(env.LIGHTHOUSE_PORT ?? 5190);
const chromePath = env.CHROME_PATH ?? "/usr/bin/chromium";
const log = (line) => process.stdout.write(`${line}\n`);

async function waitFor(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`o site saiu com código ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} não respondeu em ${timeoutMs / 1000} s`);
}

/** Starts the demo site (built web app, demo seed) as a child process; resolves with its base URL. */
async function startDemo() {
  if (env.LIGHTHOUSE_SKIP_BUILD !== "1") {
    log("compilando o site (npm run build)…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build falhou");
  }
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/demo/run-demo.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA_DIR: env.LIGHTHOUSE_DATA_DIR ?? path.join(root, "data-lighthouse"),
      DEMO_MP_PORT: String(port + 1),
      DEMO_AGE_PORT: String(port + 2),
      DEMO_SMTP_PORT: String(port + 3),
      DEMO_INBOX_PORT: String(port + 4),
      LOG_LEVEL: "warn",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child);
  return { baseUrl, stop: () => child.kill("SIGTERM") };
}

/** JavaScript bytes on the wire (compressed when the server compresses), from the network requests audit. */
function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/**
 * Passes the site's age gate in the Chromium listening on `chromePort`, as a visitor does: with a verifier, the
 * check at the verifier ("Maior de 18") and back; with self-declaration, "Entrar no site". Resolves with the Cookie
 * header the site gave that browser (for the script's own API calls); throws when the site gave no pass.
 */
async function passAgeGate(chromePort, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    const status = async () => (await page.request.get(`${baseUrl}/api/age/status`)).json();
    const { mode } = await status();
    if (mode === "verifier") {
      await page.goto(`${baseUrl}/api/age/start?next=/`);
      await page.getByRole("button", { name: "Maior de 18" }).click();
      await page.waitForURL(`${baseUrl}/**`);
      if (!(await status()).passed) throw new Error(`o verificador não deu o passe de idade (${page.url()})`);
    } else {
      await page.goto(`${baseUrl}/`);
      await page.getByRole("dialog").getByRole("button", { name: "Entrar no site" }).click();
    }
    const cookies = await context.cookies(baseUrl);
    await page.close();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    // Connected over CDP: this only disconnects; the browser and its cookies stay for Lighthouse.
    await browser.close();
  }
}

/** A new Chromium with a new, empty profile (no cache, no cookies) that has just passed the age gate. */
async function launchWithAgePass(baseUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    return { chrome, cookie: await passAgeGate(chrome.port, baseUrl) };
  } catch (err) {
    await chrome.kill();
    throw err;
  }
}

async function measure(url) {
  // A new browser each run, which obtains its own age pass; Lighthouse keeps its cookies and empties its HTTP cache.
  const { chrome } = await launchWithAgePass(new URL(url).origin);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(env.LIGHTHOUSE_BLOCK ? { blockedUrlPatterns: env.LIGHTHOUSE_BLOCK.split(" ") } : {}),
    });
    const { lhr } = result;
    if (env.LIGHTHOUSE_SAVE_DIR) {
      mkdirSync(env.LIGHTHOUSE_SAVE_DIR, { recursive: true });
      const name = `${(new URL(url).pathname + new URL(url).search).replace(/\W+/g, "_")}-${Date.now()}.json`;
      writeFileSync(path.join(env.LIGHTHOUSE_SAVE_DIR, name), JSON.stringify(lhr));
      const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
      if (trace)
        writeFileSync(
          path.join(env.LIGHTHOUSE_SAVE_DIR, name.replace(/\.json$/, ".trace.json")),
          JSON.stringify(trace),
        );
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      fcp: lhr.audits["first-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      js: scriptBytes(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  // Measured before any browser runs: on a machine where page faults are slow, every new tab pays for its memory.
  log(describePageFaults());
  const site = env.LIGHTHOUSE_URL ? { baseUrl: env.LIGHTHOUSE_URL.replace(/\/$/, ""), stop() {} } : await startDemo();
  try {
    // The listing is adult content: the script reads it with an age pass of its own.
    const { chrome, cookie } = await launchWithAgePass(site.baseUrl);
    await chrome.kill();
    const listingOf = async (query) => {
      const response = await fetch(`${site.baseUrl}/api/models/public?${query}`, { headers: { cookie } });
      const body = await response.json();
      if (!response.ok) throw new Error(`/api/models/public?${query}: ${response.status} ${body.code ?? ""}`);
      return body.models;
    };
    // Issue 30's filters (packages/contracts/src/listing-plain.ts): the cheapest first, verified profiles only.
    const filter = "ordem=menor_preco&verificada=1";
    const [card] = await listingOf("page=1&limit=20");
    if (!card) throw new Error("o site não tem modelos visíveis");
    // The same city filtered when it has verified profiles, else the city of the first verified profile, so that
    // the filtered page shows cards; the city of the first card (showing none) when the site has none verified.
    const [sameCity] = await listingOf(`page=1&limit=1&city_id=${card.city_id}&verificada=1`);
    const [verified] = sameCity ? [sameCity] : await listingOf("page=1&limit=1&verificada=1");
    const filteredCity = verified?.city_slug ?? card.city_slug;
    const pages = [
      ["home", "/"],
      [`cidade (${card.city_slug})`, `/cidade/${card.city_slug}`],
      [`cidade filtrada (${filteredCity})`, `/cidade/${filteredCity}?${filter}`],
      [`perfil (${card.id})`, `/cidade/${card.city_slug}/${card.slug}/${card.id}`],
    ];
    const only = env.LIGHTHOUSE_PAGES ? new RegExp(env.LIGHTHOUSE_PAGES, "i") : null;
    const rows = [];
    for (const [name, pathname] of pages.filter(([name]) => !only || only.test(name))) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        // A loaded machine sometimes makes Chromium give up on a page (an interstitial): one more try.
        const r = await measure(`${site.baseUrl}${pathname}`).catch((err) => {
          log(`  ${name} #${i + 1}: ${err.message.split("\n")[0]} — de novo`);
          return measure(`${site.baseUrl}${pathname}`);
        });
        log(
          `  ${name} #${i + 1}: ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, FCP ${(r.fcp / 1000).toFixed(2)} s, ` +
            `TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, JS ${(r.js / 1024).toFixed(0)} KB`,
        );
        results.push(r);
      }
      const pick = (key) => median(results.map((r) => r[key]));
      rows.push({
        name,
        pathname,
        score: pick("score"),
        lcp: pick("lcp"),
        fcp: pick("fcp"),
        tbt: pick("tbt"),
        cls: pick("cls"),
        js: pick("js"),
      });
    }
    log("");
    log(`Lighthouse ${lighthouseVersion()} (mobile, throttling simulado), mediana de ${runs} execuções por página:`);
    log("| Página | Desempenho | LCP | FCP | TBT | CLS | JS transferido |");
    log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of rows) {
      log(
        `| ${r.name} \`${r.pathname}\` | ${r.score} | ${(r.lcp / 1000).toFixed(1)} s | ${(r.fcp / 1000).toFixed(1)} s | ` +
          `${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(0)} KB |`,
      );
    }
    const ok = (r) => r.score >= 95 && r.lcp <= 1500 && r.cls <= 0.02 && r.tbt <= 150;
    log("");
    log("metas: desempenho ≥ 95, LCP ≤ 1,5 s, CLS ≤ 0,02, TBT ≤ 150 ms");
    for (const r of rows) log(`  ${ok(r) ? "ok   " : "FALHA"} ${r.name}`);
  } finally {
    site.stop();
  }
}

function lighthouseVersion() {
  const out = spawnSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], { cwd: root });
  return String(out.stdout).trim();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
