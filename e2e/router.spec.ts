import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { adminApiToken, reload, shot, visit } from "./harness";
import { useSite } from "./fixtures";
import { newPage } from "./public-support";

/**
 * The router's stateful part in the built site (apps/web/src/lib/router.tsx and the layout's scroll restoration
 * and route announcer): a key per history entry that back/forward and a reload find again, links that leave
 * modified clicks to the browser, NavLink's aria-current, Navigate's redirect, the focus and the title announced
 * after a page change, and table changes that keep the scroll position (preventScrollReset).
 */

const SHOTS = "router";

const e2e = useSite({ data: "demo" });

async function open(pathname: string, opts: { mobile?: boolean; token?: string } = {}) {
  const opened = await newPage(e2e.browser, e2e.site.baseUrl, { mobile: opts.mobile, ageConfirmed: true });
  if (opts.token) await opened.context.addInitScript((t) => window.localStorage.setItem("token", t), opts.token);
  await visit(opened.page, pathname);
  return opened;
}

const historyKey = (page: Page) => page.evaluate(() => (window.history.state as { key?: string } | null)?.key);
/** A mark on the document: it survives a navigation inside the page and is gone after a full load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);
const pathnameOf = (page: Page) => page.evaluate(() => window.location.pathname);
const loginLink = (page: Page) =>
  page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Login" });

async function clickToLogin(page: Page): Promise<void> {
  await loginLink(page).click();
  await page.waitForURL("**/login");
}

describe("router", () => {
  test("each history entry keeps its own key through navigation, back/forward and a reload", async () => {
    const { page, errors } = await open("/");
    const home = await historyKey(page);
    assert.ok(home && home !== "default", `the first entry has a key of its own: ${home}`);
    await markDocument(page);

    await clickToLogin(page);
    const login = await historyKey(page);
    assert.ok(login && login !== home, `a new entry gets a new key (${home} → ${login})`);
    assert.equal(await sameDocument(page), true, "a plain click navigates inside the page");

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    assert.equal(await historyKey(page), home, "back finds the first entry's key");
    assert.equal(await sameDocument(page), true, "back stays in the page");

    await page.goForward();
    await page.waitForURL("**/login");
    assert.equal(await historyKey(page), login, "forward finds the second entry's key");

    await reload(page);
    assert.equal(await sameDocument(page), false, "a reload loads the document again");
    assert.equal(await historyKey(page), login, "a reload keeps the entry's key");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    assert.deepEqual(errors, []);
  });

  test("a click with a modifier key or the middle button is the browser's (no navigation in the page)", async () => {
    const { page, context, errors } = await open("/");
    await markDocument(page);
    const newTab = [
      { name: "ctrl", options: { modifiers: ["Control" as const] } },
      { name: "shift", options: { modifiers: ["Shift" as const] } },
      { name: "middle", options: { button: "middle" as const } },
    ];
    for (const { name, options } of newTab) {
      const opened = context.waitForEvent("page", { timeout: 15_000 });
      await loginLink(page).click(options);
      const other = await opened;
      await other.waitForURL("**/login", { waitUntil: "commit" });
      await other.close();
      assert.equal(await pathnameOf(page), "/", `${name}-click opens the link elsewhere and leaves this page`);
      assert.equal(await sameDocument(page), true);
    }
    // Meta has no new-tab meaning in Chromium on Linux: the browser follows the link itself, loading a new document.
    await loginLink(page).click({ modifiers: ["Meta"] });
    await page.waitForURL("**/login");
    assert.equal(await sameDocument(page), false, "meta-click is the browser's own navigation");
    assert.deepEqual(errors, []);
  });

  test("NavLink marks the link of the current page with aria-current", async () => {
    const { page } = await open("/");
    const inicio = page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Início" });
    assert.equal(await inicio.getAttribute("aria-current"), "page");
    await clickToLogin(page);
    await page.waitForFunction(() => !document.querySelector('nav a[href="/"][aria-current]'));
    assert.equal(await inicio.getAttribute("aria-current"), null, "not on /login (end: the home link is exact)");
    await inicio.click();
    await page.waitForURL((url) => url.pathname === "/");
    // The address changes at once; the links render the new page once its screen is ready (a transition).
    await page.waitForFunction(() => document.querySelector('nav a[href="/"][aria-current="page"]') !== null);
  });

  test("Navigate redirects in place of the entry (the admin guard sends a visitor to /admin/login)", async () => {
    const { page } = await open("/");
    const before = await page.evaluate(() => window.history.length);
    await visit(page, "/admin/dashboard");
    await page.waitForURL("**/admin/login");
    assert.equal(await page.evaluate(() => window.history.length), before + 1, "the redirect replaced its entry");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("after a page change the focus is on the main content and the new title is announced", async () => {
    const { page, errors } = await open("/");
    const announcer = page.getByTestId("route-announcer");
    assert.equal(await announcer.textContent(), "", "nothing is announced on the first load");
    assert.notEqual(await page.evaluate(() => document.activeElement?.id), "conteudo", "the first load keeps focus");
    const homeTitle = await page.title();

    await clickToLogin(page);
    await page.waitForFunction(() => document.activeElement?.tagName === "MAIN");
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="route-announcer"]')?.textContent;
      return text !== "" && text === document.title;
    });
    const title = await page.title();
    assert.notEqual(title, homeTitle, "the login page has its own title");
    assert.equal(await announcer.textContent(), title);
    assert.equal(await announcer.getAttribute("role"), "status", "a polite live region");
    const outline = () => page.locator("main").evaluate((main) => getComputedStyle(main).outlineStyle);
    assert.equal(await outline(), "none", "no ring on the main content after a mouse click");
    await shot(page, `${SHOTS}/login-after-click-1280`, { fullPage: false });

    // From the keyboard too, the focused main content draws no ring around the whole page; the next Tab reaches
    // the page's first control, with its ring.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await loginLink(page).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/login");
    await page.waitForFunction(() => document.activeElement?.tagName === "MAIN");
    assert.equal(await outline(), "none", "no ring around the whole page after a keyboard navigation");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(
        () =>
          document.activeElement !== null &&
          document.querySelector("main")!.contains(document.activeElement) &&
          document.activeElement.matches(":focus-visible"),
      ),
      true,
      "Tab goes on inside the main content, with a ring",
    );
    await shot(page, `${SHOTS}/login-after-enter-1280`, { fullPage: false });
    assert.deepEqual(errors, []);
  });

  test("a page change in an admin table keeps the scroll position and the focus", async () => {
    const token = await adminApiToken(e2e.site.baseUrl);
    for (const mobile of [false, true]) {
      const { page, errors } = await open("/admin/orders", { mobile, token });
      const next = page.getByRole("button", { name: "Próxima página" });
      await next.waitFor();
      // Well above the end of the page, so that a next page a little shorter still reaches this position.
      const y = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - 300);
        return window.scrollY;
      });
      assert.ok(y > 200, `the table's pages are below the first screen (scrollY ${y})`);

      await next.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await page
        .getByText(/Página 2 de/)
        .first()
        .waitFor();
      await page.waitForTimeout(300);
      // Chromium's scroll anchoring may shift the position by the difference in height of the rows above the
      // controls (the visitor keeps seeing the same controls); a reset would put the page back at the top.
      const after = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(after - y) < 200, `the next page keeps the scroll position (${y} → ${after})`);
      const top = await next.evaluate((button) => button.getBoundingClientRect().top);
      assert.ok(top > 0 && top < (mobile ? 844 : 800), `the page controls are still on screen (top ${top})`);
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "Próxima página",
        "the focus stays on the button used",
      );
      assert.equal(await page.getByTestId("route-announcer").textContent(), "", "nothing announced");
      await shot(page, `${SHOTS}/orders-page-2-${mobile ? 390 : 1280}`, { fullPage: false });

      // Back returns to page 1 where it was; a link to another page still starts at the top.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) < 200, y);
      assert.deepEqual(errors, []);
    }
  });
});
