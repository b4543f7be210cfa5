import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AVAILABILITY_LIMIT_MESSAGE, AVAILABILITY_STARTS_PER_DAY } from "@vitrine/contracts";
import { advertiser, advertiserPage, siteCall, useSite } from "./fixtures";
import { axeSeriousFindings } from "./axe";
import { shot, visit } from "./harness";

/**
 * "Disponível agora" from her dashboard (issue 30), at a phone's width: one tap opens the choice of hours, the next
 * turns it on and the card says until when (her profile's end, in São Paulo time); "Encerrar" turns it off; past the
 * day's starts the server's Portuguese refusal is shown as it says it.
 */
const e2e = useSite();
const hhmm = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit" });

describe("Disponível agora", () => {
  test("390 px: she turns it on for 2 hours, sees the end time, turns it off; the day's limit says so", async () => {
    const her = await advertiser(e2e.site, "public");
    const own = () =>
      siteCall<{ model: { available_until: string | null } }>(e2e.site, "GET", "/api/models/profile", {
        token: her.token,
      });
    const publicCard = async () =>
      (await siteCall<{ model: { available_until: string | null } }>(e2e.site, "GET", `/api/models/public/${her.id}`))
        .model;
    const { context, page, errors } = await advertiserPage(e2e.browser, e2e.site, her, { mobile: true });
    try {
      await visit(page, "/dashboard");
      const card = page.getByRole("region", { name: "Disponível agora" });
      await card.getByRole("button", { name: "Ficar disponível" }).click();
      await card.getByRole("group", { name: "Por quantas horas?" }).waitFor();
      await shot(page, "availability/choose-390", { fullPage: false });
      const before = Date.now();
      await card.getByRole("button", { name: "2 horas" }).click();
      await card.getByText(/^Disponível até \d{2}:\d{2}$/).waitFor();

      const until = (await own()).model.available_until;
      assert.ok(until, "her profile has the end");
      const hours = (Date.parse(until) - before) / 3_600_000;
      assert.ok(hours > 1.95 && hours < 2.05, `about two hours from now (${hours})`);
      await card.getByText(`Disponível até ${hhmm.format(new Date(until))}`).waitFor();
      assert.equal((await publicCard()).available_until, until, "the public sees the same end");
      await card.getByRole("button", { name: "Encerrar" }).waitFor();
      await shot(page, "availability/on-390", { fullPage: false });
      assert.deepEqual(await axeSeriousFindings(page), [], "axe on the dashboard");
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, "availability/on-1280", { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });

      await card.getByRole("button", { name: "Encerrar" }).click();
      await card.getByRole("button", { name: "Ficar disponível" }).waitFor();
      assert.equal(await card.getByText(/Disponível até/).count(), 0);
      assert.equal((await own()).model.available_until, null);
      assert.equal((await publicCard()).available_until, null);

      // The day's other starts through her API, then one more from the dashboard: the server's refusal is shown.
      for (let i = 1; i < AVAILABILITY_STARTS_PER_DAY; i++) {
        await siteCall(e2e.site, "POST", "/api/models/availability", { body: { hours: 1 }, token: her.token });
      }
      await siteCall(e2e.site, "DELETE", "/api/models/availability", { token: her.token });
      await visit(page, "/dashboard");
      await card.getByRole("button", { name: "Ficar disponível" }).click();
      await card.getByRole("button", { name: "1 hora", exact: true }).click();
      await card.getByRole("alert").getByText(AVAILABILITY_LIMIT_MESSAGE).waitFor();
      assert.equal((await own()).model.available_until, null);
      await shot(page, "availability/limit-390", { fullPage: false });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
