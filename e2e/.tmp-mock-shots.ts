// Temporary (not committed): screenshots of the admin pages with canned admin API answers.
import type { Page } from "playwright-core";
import { ADMIN, launchBrowser, newPage, screenshot, startSite } from "./harness";

const names = ["Ana Beatriz", "Carla Mendes", "Fernanda Albuquerque de Souza", "Juliana", "Larissa", "Marina", "Paula", "Renata", "Sofia", "Tatiane"];
const cities = [["São Paulo", "SP"], ["Rio de Janeiro", "RJ"], ["Belo Horizonte", "MG"], ["Curitiba", "PR"]];
const models = names.map((name, i) => ({
  id: i + 1, name, username: name.toLowerCase().split(" ")[0] + i, email: `${name.split(" ")[0].toLowerCase()}${i}@exemplo.com.br`,
  phone: null, whatsapp: `(11) 9${String(8000 + i * 111).padStart(4, "0")}-00${i}0`, city_id: 3550308, city_name: cities[i % 4][0], state: cities[i % 4][1],
  category_id: 1, category_name: ["Mulheres", "Trans", "Homens"][i % 3], plan_id: null, plan_name: i % 2 ? "Mensal" : null,
  next_due_date: i % 3 === 0 ? "2026-01-10" : i % 3 === 1 ? "2026-12-30" : null, payment_status: "ok",
  is_active: i % 3 === 1, is_verified: i % 2 === 0, is_visible: i % 3 === 1, views_count: 1000 - i * 70, contact_count: 10, created_at: "2026-01-01T10:00:00Z",
}));
const days = Array.from({ length: 90 }, (_, i) => { const d = new Date(Date.UTC(2026, 7, 1 + i)); return { date: d.toISOString().slice(0, 10), count: Math.max(0, Math.round(3 + 3 * Math.sin(i / 6) + (i % 5) - 2)) }; });
const canned: Record<string, unknown> = {
  "/api/admin/dashboard": { stats: { totalModels: 312, activeModels: 241, verifiedModels: 120, totalOrders: 1532, todayOrders: 7, totalRevenue: 84231.5, todayRevenue: 612.9 } },
  "/api/admin/models": { models, pagination: { page: 1, pages: 32, total: 312 } },
  "/api/admin/models/charts": {
    top_views: models.map((m) => ({ id: m.id, name: m.name, views: m.views_count })),
    by_city: [["São Paulo", 120], ["Rio de Janeiro", 80], ["Belo Horizonte", 40], ["Curitiba", 22], ["Porto Alegre", 18], ["Salvador", 12], ["Recife", 9], ["Fortaleza", 6], ["Natal", 3], ["Goiânia", 2]].map(([name, value]) => ({ name, value })),
    by_category: [{ name: "Mulheres", value: 220 }, { name: "Trans", value: 60 }, { name: "Homens", value: 32 }],
    registrations: days,
  },
  "/api/admin/plans": { plans: [
    { id: 1, name: "Semanal", price: 29.9, period_type: "weekly", highlight: false, payment_methods: ["pix"], active: true, created_at: "", models_count: 3 },
    { id: 2, name: "Mensal", price: 59.9, period_type: "monthly", highlight: true, payment_methods: ["pix"], active: true, created_at: "", models_count: 3 },
    { id: 3, name: "Anual", price: 499, period_type: "yearly", highlight: false, payment_methods: ["pix"], active: true, created_at: "", models_count: 3 } ] },
};

async function mock(page: Page, baseUrl: string) {
  await page.route("**/api/admin/**", async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/api/admin/categories") {
      const res = await fetch(`${baseUrl}/api/categories?include_empty=1`);
      return route.fulfill({ json: await res.json() });
    }
    const m = /^\/api\/admin\/models\/(\d+)\/payments$/.exec(url.pathname);
    if (m) return route.fulfill({ json: { payments: [
      { id: 1, model_id: 1, status: "paid", created_at: "2026-10-01T12:00:00Z", plan_id: 2, plan_name: "Mensal", amount: 59.9, method: "cash", description: "", due_date: "2026-10-31", payment_link: null, payment_id: null, pix_txid: null, pix_payload: null, paid_at: "2026-10-01T12:00:00Z" },
      { id: 2, model_id: 1, status: "paid", created_at: "2026-11-01T12:00:00Z", plan_id: 2, plan_name: "Mensal", amount: 59.9, method: "pix_emv", description: "", due_date: "2026-11-30", payment_link: null, payment_id: null, pix_txid: null, pix_payload: null, paid_at: "2026-11-01T12:00:00Z" },
    ], model: { id: 1, name: "Ana Beatriz", next_due_date: "2026-11-30", plan_id: 2 }, today: "2026-11-22" } });
    if (/\/status$/.test(url.pathname) && route.request().method() === "PATCH") {
      return route.fulfill({ status: 409, json: { error: "Pagamento vencido", code: "MODEL_OVERDUE" } });
    }
    const body = canned[url.pathname];
    return body ? route.fulfill({ json: body }) : route.fulfill({ status: 404, json: { error: "Não encontrado", code: "NOT_FOUND" } });
  });
}

const site = await startSite();
const browser = await launchBrowser();
try {
  const login = await fetch(`${site.baseUrl}/api/auth/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  for (const mobile of [false, true]) {
    const { context, page, errors } = await newPage(browser, site.baseUrl, { mobile, ageConfirmed: true });
    await context.addInitScript((t) => window.localStorage.setItem("token", t), token);
    await mock(page, site.baseUrl);
    const tag = mobile ? "phone" : "desktop";
    await page.goto("/admin/dashboard");
    await page.getByText("Receita hoje").waitFor();
    await page.waitForTimeout(1200);
    await screenshot(page, `mock-admin-dashboard-${tag}`);
    await page.goto("/admin/models");
    await page.getByRole("cell", { name: /^Ana Beatriz/ }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    await page.waitForTimeout(1500);
    console.log(tag, await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const out = [document.documentElement.scrollWidth + " vs " + w];
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && !el.closest("table")) out.push(el.tagName + "." + String(el.className).slice(0, 80) + " " + Math.round(r.right));
      }
      const main = document.querySelector("main")!;
      const pc = main.firstElementChild!.lastElementChild!.firstElementChild!;
      for (const el of [document.body, main, pc]) {
        for (const c of Array.from(el.children) as HTMLElement[]) {
          const prev = c.style.display; c.style.display = "none";
          const sw = document.documentElement.scrollWidth; c.style.display = prev;
          if (sw <= w) out.push("culprit " + c.tagName + "." + String(c.className).slice(0, 60));
        }
      }
      const t = document.querySelector("table")!;
      let e: HTMLElement | null = t;
      while (e) { const cs = getComputedStyle(e); out.push(e.tagName + " ox=" + cs.overflowX + " w=" + Math.round(e.getBoundingClientRect().width) + " sw=" + e.scrollWidth + " disp=" + cs.display + " pos=" + cs.position); e = e.parentElement; }
      return out.slice(0, 30).join("\n");
    }));
    await screenshot(page, `mock-admin-models-${tag}`);
    if (!mobile) {
      await page.getByRole("button", { name: "Ações: Ana Beatriz" }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: ".screenshots/mock-admin-menu.png" });
      await page.getByRole("menuitem", { name: "Detalhes" }).click();
      await page.getByRole("heading", { name: "Pagamentos realizados" }).waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: ".screenshots/mock-admin-details.png" });
      await page.keyboard.press("Escape");
      await page.getByRole("switch", { name: "Ativa: Ana Beatriz" }).click();
      await page.getByText("Pagamento vencido", { exact: true }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: ".screenshots/mock-admin-overdue.png" });
      await page.getByRole("button", { name: "Fazer Pagamento" }).click();
      await page.getByText("Pagamento rápido").waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: ".screenshots/mock-admin-quickpay.png" });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Cadastrar Modelo" }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: ".screenshots/mock-admin-register.png" });
    }
    console.log(tag, "errors:", errors);
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
