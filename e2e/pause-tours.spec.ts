import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addDaysToDate, modelProfilePath } from "@vitrine/contracts";
import { advertiser, advertiserPage, siteCall, useSite, visitorPage } from "./fixtures";
import { axeSeriousFindings } from "./axe";
import { reload, shot, visit } from "./harness";

/**
 * "Pausar anúncio" and tours from her dashboard (issue 31): she pauses and a visitor's page no longer shows her, she
 * resumes and it does again; she adds a tour and her card carries its label. At 390 and 1280 px.
 */
const e2e = useSite();

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** Today in São Paulo plus `days`, "YYYY-MM-DD" (the days of a tour). */
const spDay = (days: number) => addDaysToDate(ymd.format(new Date()), days);
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

const PALMAS = { estado_id: 17, municipio_id: 1721000 };
const ARACAJU = { estado_id: 28, municipio_id: 2800308 };

describe("pause and tours", () => {
  for (const mobile of [true, false]) {
    const width = mobile ? 390 : 1280;
    test(`${width} px: she pauses, a visitor's city page and her profile lose her; Retomar brings her back`, async () => {
      const her = await advertiser(e2e.site, "public", { registration: { ...PALMAS, name: `Pausa ${width}` } });
      const own = () =>
        siteCall<{ model: { paused_at: string | null; next_due_date: string } }>(
          e2e.site,
          "GET",
          "/api/models/profile",
          {
            token: her.token,
          },
        );
      const due = (await own()).model.next_due_date;
      const profilePath = modelProfilePath({ id: her.id, name: her.registration.name, city_slug: "palmas-to" });
      const visitor = await visitorPage(e2e.browser, e2e.site, { mobile });
      const mine = await advertiserPage(e2e.browser, e2e.site, her, { mobile });
      try {
        const herCard = visitor.page.getByTestId("model-card").filter({ hasText: her.registration.name });
        await visit(visitor.page, "/cidade/palmas-to");
        await herCard.waitFor();

        await visit(mine.page, "/dashboard");
        const card = mine.page.getByRole("region", { name: "Pausar anúncio" });
        await card.getByText("Seu plano continua correndo enquanto o anúncio está pausado.").waitFor();
        await card.getByRole("button", { name: "Pausar anúncio" }).click();
        const dialog = mine.page.getByRole("dialog", { name: "Pausar anúncio?" });
        await shot(mine.page, `pause-tours/confirm-${width}`, { fullPage: false });
        await dialog.getByRole("button", { name: "Pausar anúncio" }).click();
        const paused = mine.page.getByRole("region", { name: "Anúncio pausado" });
        await paused.getByText(/Seu plano continua correndo enquanto o anúncio está pausado\./).waitFor();
        await paused.getByRole("button", { name: "Retomar" }).waitFor();
        await shot(mine.page, `pause-tours/paused-${width}`, { fullPage: false });
        const state = (await own()).model;
        assert.ok(state.paused_at, "paused");
        assert.equal(state.next_due_date, due, "the plan's end does not move");
        assert.deepEqual(await axeSeriousFindings(mine.page), [], "axe on the paused dashboard");

        await reload(visitor.page);
        await visitor.page.getByTestId("results-count").waitFor();
        assert.equal(await herCard.count(), 0, "her card left the city page");
        await shot(visitor.page, `pause-tours/city-without-her-${width}`, { fullPage: false });
        await visit(visitor.page, profilePath);
        await visitor.page.getByText("A modelo que você está procurando não existe ou foi removida.").waitFor();

        await paused.getByRole("button", { name: "Retomar" }).click();
        await mine.page.getByRole("region", { name: "Pausar anúncio" }).waitFor();
        assert.equal((await own()).model.paused_at, null);
        await visit(visitor.page, "/cidade/palmas-to");
        await herCard.waitFor();
        await visit(visitor.page, profilePath);
        await visitor.page.getByRole("heading", { level: 1, name: her.registration.name }).waitFor();
        assert.deepEqual(visitor.errors, []);
        assert.deepEqual(mine.errors, []);
      } finally {
        await visitor.context.close();
        await mine.context.close();
      }
    });

    test(`${width} px: she adds a tour to Curitiba; her card at home says so, and she removes it`, async () => {
      const her = await advertiser(e2e.site, "public", { registration: { ...ARACAJU, name: `Turnê ${width}` } });
      const { page, context, errors } = await advertiserPage(e2e.browser, e2e.site, her, { mobile });
      const visitor = await visitorPage(e2e.browser, e2e.site, { mobile });
      try {
        await visit(page, "/dashboard");
        const tours = page.getByRole("region", { name: "Turnês" });
        await tours.getByLabel("Estado").selectOption({ label: "Paraná" });
        await tours.getByLabel("Cidade da turnê").selectOption({ label: "Curitiba" });
        await tours.getByLabel("Primeiro dia").fill(spDay(0));
        await tours.getByLabel("Último dia").fill(spDay(2));
        await shot(tours, `pause-tours/tour-form-${width}`);
        await tours.getByRole("button", { name: "Adicionar turnê" }).click();
        const row = tours.getByTestId("tour-row").filter({ hasText: "Curitiba - PR" });
        await row.getByText("Em andamento").waitFor();
        await shot(tours, `pause-tours/tour-added-${width}`);
        assert.deepEqual(await axeSeriousFindings(page), [], "axe on the dashboard with a tour");

        const range =
          spDay(0).slice(0, 7) === spDay(2).slice(0, 7)
            ? `${spDay(0).slice(8)} a ${ddmm(spDay(2))}`
            : `${ddmm(spDay(0))} a ${ddmm(spDay(2))}`;
        await visit(visitor.page, "/cidade/aracaju-se");
        const herCard = visitor.page.getByTestId("model-card").filter({ hasText: her.registration.name });
        await herCard.getByTestId("tour-label").getByText(`Em turnê em Curitiba de ${range}`).waitFor();
        await herCard.scrollIntoViewIfNeeded();
        await shot(herCard, `pause-tours/card-at-home-${width}`);
        await visit(
          visitor.page,
          modelProfilePath({ id: her.id, name: her.registration.name, city_slug: "aracaju-se" }),
        );
        await visitor.page.getByTestId("tour-label").getByText(`Em turnê em Curitiba de ${range}`).waitFor();
        await shot(visitor.page, `pause-tours/profile-${width}`, { fullPage: false });
        await visit(visitor.page, "/cidade/aracaju-se");

        await row.getByRole("button", { name: "Remover turnê em Curitiba" }).click();
        await row.waitFor({ state: "detached" });
        await reload(visitor.page);
        await herCard.waitFor();
        assert.equal(await herCard.getByTestId("tour-label").count(), 0, "the label left with the tour");
        assert.deepEqual(errors, []);
        assert.deepEqual(visitor.errors, []);
      } finally {
        await context.close();
        await visitor.context.close();
      }
    });
  }
});
