import { cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { prepareDatabase } from "../apps/server/src/db/prepare";
import { seedDemo } from "../apps/server/src/demo/seed-demo";
import { todayInSaoPaulo } from "../apps/server/src/lib/dates";
import { usePasswordHashCost } from "../apps/server/src/lib/passwords";
import { digestOf, prepareOnce, seedDataDir } from "../apps/server/src/test/prepared-data";
import { ADMIN, newPage as openPage, shot } from "./harness";

/** Helpers of e2e/public.spec.ts: a demo-seeded data directory, patient pages and screenshot helpers. */

/**
 * The demo data set (a few hundred visible models over ~40 cities, abstract photos, products, rates) in a data
 * directory, made by the server's own seeder before the site starts on it: PGlite allows one process per
 * directory, so seeding happens first, in this process, and is closed again. Six browser test files start on
 * it, and seeding takes a minute of CPU on a loaded two-core machine: it is seeded once into the temporary folder
 * and copied. The copy is remade whenever the server's or the contracts' sources change, and every São Paulo day
 * (the demo's plans and payments are dated from the day it was seeded).
 */
export async function seedDemoDataDir(dir: string): Promise<void> {
  const key = digestOf(["apps/server/src", "apps/server/drizzle", "packages/contracts/src"], {
    ADMIN,
    day: todayInSaoPaulo(),
  });
  const prepared = path.join(tmpdir(), `vitrine-e2e-demo-${key}`);
  await prepareOnce(prepared, seedInto);
  cpSync(prepared, dir, { recursive: true });
}

async function seedInto(dir: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  });
  usePasswordHashCost("test");
  await seedDataDir(dir);
  const { database } = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  try {
    await seedDemo(app, () => {});
  } finally {
    await app.close();
    await database.close();
  }
}

/** The harness page, with more patience than Playwright's 30 s: the machine is shared and small. */
export async function newPage(...args: Parameters<typeof openPage>): ReturnType<typeof openPage> {
  const opened = await openPage(...args);
  opened.context.setDefaultTimeout(60_000);
  return opened;
}

export const cards = (page: Page) => page.getByTestId("model-card");

const SCREENSHOTS = "";

/** Scrolls through the page so lazy images load, waits for every image, then returns to the top. */
export async function loadAllImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  // Images below the scrolled height (a page appended by infinite scroll) are left lazy, and so are lazy images
  // that are not displayed at this width (the hero's desktop side images on a phone).
  await page.waitForFunction(
    (scrolled) =>
      Array.from(document.images)
        .filter((img) => img.getClientRects().length > 0)
        .filter((img) => img.getBoundingClientRect().top + window.scrollY < scrolled)
        .every((img) => img.complete),
    height,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
}

/** Overlays (lightbox, dropdowns) are seen in the viewport: a full-page shot would misplace them. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  // The opening animation ends first.
  await shot(page, `${SCREENSHOTS}/${name}`, { fullPage: false, settle: 300 });
}

export const overlayGone = (page: Page) =>
  page.locator('[data-testid="top-progress"][data-active="false"]').waitFor({ state: "attached" });

export async function resultsNearTop(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const top = document.getElementById("resultados")?.getBoundingClientRect().top;
    return top !== undefined && Math.abs(top) < 120;
  });
}
