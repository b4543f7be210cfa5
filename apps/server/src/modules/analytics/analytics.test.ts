import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type AnalyticsResponse, ANALYTICS_MAX_IDS } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { modelDailyStats, models, photoDailyStats, photos } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { agePassCookies } from "../../test/age-pass";
import { verifierMode } from "../../test/age-verifier";
import { buildModel, buildPhoto, CITIES } from "../../test/factories";
import { publicAdvertiser, signedInAdmin, useTestContext } from "../../test/fixtures";
import { rowsOf } from "../moderation/case-store";
import { pruneDailyStats } from "./daily-stats-store";
import { flushDailyStats } from "./plugin";

const ctx = useTestContext();

/** The self-declared age gate's cookie (the tests' default mode): a visitor who clicked "Entrar no site". */
const AGE_OK = "age_ok=1";

const beacon = (payload: object, cookie: string | null = AGE_OK, app: FastifyInstance = ctx.app) =>
  app.inject({
    method: "POST",
    url: "/api/analytics/events",
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: "198.51.100.7",
  });

const view = (id: number, remoteAddress: string) =>
  ctx.app.inject({ method: "GET", url: `/api/models/public/${id}`, remoteAddress });

const contact = (id: number, channel: string, remoteAddress: string) =>
  ctx.app.inject({ method: "POST", url: `/api/models/public/${id}/contact`, payload: { channel }, remoteAddress });

async function analytics(token: string, dias = 7): Promise<AnalyticsResponse> {
  const res = await ctx.as(token).get(`/api/models/analytics?dias=${dias}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

async function expect204(res: Awaited<ReturnType<typeof beacon>>) {
  assert.equal(res.statusCode, 204, res.body);
}

describe("her analytics count what visitors did through the real routes", () => {
  test("impressions, card clicks, views, contacts per channel and lightbox opens add up per day and per photo", async () => {
    const her = await publicAdvertiser(ctx);
    const cover = await buildPhoto(ctx.app, her.id, { isPrimary: true });
    const second = await buildPhoto(ctx.app, her.id, { isPrimary: false });
    const other = await buildModel(ctx.app);

    await expect204(await beacon({ impressions: [her.id, other] }));
    await expect204(await beacon({ impressions: [her.id, her.id] }));
    await expect204(await beacon({ impressions: [her.id], card_clicks: [her.id], lightbox_opens: [cover.id] }));
    await expect204(await beacon({ lightbox_opens: [second.id] }));
    await expect204(await beacon({ lightbox_opens: [second.id, cover.id] }));

    // Views and contacts are counted as views_count and contact_count are: once per visitor per day.
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.2"]) {
      assert.equal((await view(her.id, address)).statusCode, 200);
    }
    for (const [channel, address] of [
      ["whatsapp", "203.0.113.1"],
      ["whatsapp", "203.0.113.1"],
      ["phone", "203.0.113.2"],
      ["instagram", "203.0.113.3"],
      ["whatsapp", "203.0.113.4"],
    ]) {
      assert.equal((await contact(her.id, channel!, address!)).statusCode, 200);
    }

    // The figures arrive in a batch: the timer's flush, or this one.
    await flushDailyStats(ctx.app);

    const today = todayInSaoPaulo();
    const result = await analytics(her.token);
    assert.equal(result.days, 7);
    assert.equal(result.to, today);
    assert.equal(result.from, addDays(today, -6));
    assert.equal(result.series.length, 7);
    assert.deepEqual(
      result.series.map((d) => d.day),
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    const expected = {
      card_impressions: 3,
      card_clicks: 1,
      profile_views: 2,
      contact_whatsapp: 2,
      contact_phone: 1,
      contact_instagram: 1,
    };
    const { day: _day, city_median: _median, ...last } = result.series.at(-1)!;
    assert.deepEqual(last, expected);
    assert.deepEqual(result.totals, { ...expected, contacts: 4, click_rate: 1 / 3 });
    assert.deepEqual(result.photos, [
      { photo_id: cover.id, lightbox_opens: 2, cover_impressions: 3, cover_clicks: 1, cover_click_rate: 1 / 3 },
      { photo_id: second.id, lightbox_opens: 2, cover_impressions: 0, cover_clicks: 0, cover_click_rate: null },
    ]);

    // The lifetime counters mean what they meant: one per visitor per day.
    const profile = await view(her.id, "203.0.113.9");
    assert.equal(profile.json().model.views_count, 3);
    const [lifetime] = await ctx.app.db
      .select({ views: models.viewsCount, contacts: models.contactCount })
      .from(models)
      .where(eq(models.id, her.id));
    assert.deepEqual(lifetime, { views: 3, contacts: 4 });

    // Another cover: the day's impressions go on, the new photo gathers its own.
    await ctx.app.db.update(photos).set({ isPrimary: false }).where(eq(photos.id, cover.id));
    await ctx.app.db.update(photos).set({ isPrimary: true }).where(eq(photos.id, second.id));
    await expect204(await beacon({ impressions: [her.id], card_clicks: [her.id] }));
    await flushDailyStats(ctx.app);
    const after = await analytics(her.token);
    assert.equal(after.totals.card_impressions, 4);
    assert.equal(after.totals.profile_views, 3);
    assert.deepEqual(
      after.photos.map((p) => [p.photo_id, p.cover_impressions, p.cover_clicks]),
      [
        [second.id, 1, 1],
        [cover.id, 3, 1],
      ],
    );
    const [row] = await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her.id));
    assert.equal(row!.coverPhotoId, second.id);

    // The other model's impression went to her own row only.
    const [otherRow] = await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, other));
    assert.equal(otherRow!.cardImpressions, 1);
  });

  test("only daily totals are stored: no column or value about a visitor", async () => {
    const columns = async (table: string) =>
      rowsOf<{ column_name: string }>(
        await ctx.app.db.execute(
          sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} ORDER BY column_name`,
        ),
      ).map((r) => r.column_name);
    assert.deepEqual(await columns("model_daily_stats"), [
      "card_clicks",
      "card_impressions",
      "contact_instagram",
      "contact_phone",
      "contact_whatsapp",
      "cover_photo_id",
      "day",
      "model_id",
      "profile_views",
    ]);
    assert.deepEqual(await columns("photo_daily_stats"), [
      "cover_clicks",
      "cover_impressions",
      "day",
      "lightbox_opens",
      "model_id",
      "photo_id",
    ]);
    const her = await publicAdvertiser(ctx);
    for (let i = 0; i < 5; i++) await expect204(await beacon({ impressions: [her.id] }));
    await flushDailyStats(ctx.app);
    const rows = await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her.id));
    // Five beacons, one row: the day's sum.
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.cardImpressions, 5);
    assert.doesNotMatch(JSON.stringify(rows), /198\.51\.100\.7/);
  });

  test("a hidden model's events and a private photo's opens are ignored", async () => {
    const hidden = await buildModel(ctx.app, { validDays: -1 });
    const inactive = await buildModel(ctx.app, { isActive: false });
    const shown = await buildModel(ctx.app);
    const privatePhoto = await buildPhoto(ctx.app, shown, { isPrimary: false, isPublic: false });
    const hiddensPhoto = await buildPhoto(ctx.app, hidden);
    await expect204(
      await beacon({
        impressions: [hidden, inactive, 2_000_000_000],
        card_clicks: [hidden, inactive],
        lightbox_opens: [privatePhoto.id, hiddensPhoto.id, 2_000_000_000],
      }),
    );
    await flushDailyStats(ctx.app);
    const modelRows = await ctx.app.db
      .select()
      .from(modelDailyStats)
      .where(sql`${modelDailyStats.modelId} in (${hidden}, ${inactive}, ${shown})`);
    const photoRows = await ctx.app.db
      .select()
      .from(photoDailyStats)
      .where(sql`${photoDailyStats.photoId} in (${privatePhoto.id}, ${hiddensPhoto.id})`);
    assert.deepEqual([modelRows, photoRows], [[], []]);
  });

  test("no age gate passed: refused before anything is counted", async () => {
    const her = await buildModel(ctx.app);
    const res = await beacon({ impressions: [her] }, null);
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(res.json().code, "AGE_VERIFICATION_REQUIRED");
    assert.equal((await beacon({ impressions: [her] }, "age_ok=0")).statusCode, 403);
    await flushDailyStats(ctx.app);
    assert.deepEqual(await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her)), []);
  });

  test("a body too large answers 413, too many ids or a bad id 400, an unknown field 400", async () => {
    const big = await beacon({ impressions: Array.from({ length: 1000 }, (_, i) => 1_000_000 + i) });
    assert.equal(big.statusCode, 413, big.body);
    assert.equal(big.json().code, "PAYLOAD_TOO_LARGE");
    const many = await beacon({ impressions: Array.from({ length: ANALYTICS_MAX_IDS + 1 }, (_, i) => i + 1) });
    assert.equal(many.statusCode, 400, many.body);
    assert.equal(many.json().code, "VALIDATION_ERROR");
    for (const payload of [{ impressions: [-1] }, { impressions: ["x"] }, { visitor: "abc" }, { impressions: 5 }]) {
      const res = await beacon(payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
    }
  });

  test("two instances each flush their own increments into the same day, and a closing instance flushes", async () => {
    const her = await publicAdvertiser(ctx);
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await second.ready();
    try {
      await expect204(await beacon({ impressions: [her.id] }, AGE_OK, second));
      await expect204(await beacon({ impressions: [her.id], card_clicks: [her.id] }, AGE_OK, second));
      await expect204(await beacon({ impressions: [her.id] }));
      await flushDailyStats(ctx.app);
    } finally {
      await second.close();
    }
    const result = await analytics(her.token);
    assert.deepEqual([result.totals.card_impressions, result.totals.card_clicks], [3, 1]);
  });

  test("rows older than 400 days are deleted by the clean-up; a deleted model's rows go with her", async () => {
    const her = await buildModel(ctx.app);
    const today = todayInSaoPaulo();
    await ctx.app.db.insert(modelDailyStats).values([
      { modelId: her, day: addDays(today, -401), cardImpressions: 1 },
      { modelId: her, day: addDays(today, -400), cardImpressions: 1 },
    ]);
    await pruneDailyStats(ctx.app.db, today);
    const left = await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her));
    assert.deepEqual(
      left.map((r) => r.day),
      [addDays(today, -400)],
    );
    await ctx.app.db.execute(sql`DELETE FROM models WHERE id = ${her}`);
    assert.deepEqual(await ctx.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her)), []);
  });
});

describe("her city's median", () => {
  test("compared per day and over the period once her city has 5 public advertisers", async () => {
    const city = { estado_id: 35, municipio_id: CITIES.saoJoseDosCampos };
    const her = await publicAdvertiser(ctx, city);
    let result = await analytics(her.token);
    assert.equal(result.city.compared, false);
    assert.equal(result.city.advertisers, 1);
    assert.equal(result.city.median_totals, null);
    assert.ok(result.series.every((d) => d.city_median === null));

    const others = [];
    for (let i = 0; i < 4; i++) others.push(await buildModel(ctx.app, { municipioId: CITIES.saoJoseDosCampos }));
    // A hidden advertiser of the city is not one of them.
    await buildModel(ctx.app, { municipioId: CITIES.saoJoseDosCampos, validDays: -1 });
    // Impressions today: her 3, the others 0, 1, 2, 5 → median 2.
    const counts = [3, 0, 1, 2, 5];
    const ids = [her.id, ...others];
    for (let round = 0; round < 5; round++) {
      const shown = ids.filter((_, i) => counts[i]! > round);
      await expect204(await beacon({ impressions: shown }));
    }
    await flushDailyStats(ctx.app);
    result = await analytics(her.token, 30);
    assert.equal(result.series.length, 30);
    assert.equal(result.city.compared, true);
    assert.equal(result.city.advertisers, 5);
    assert.equal(result.city.name, "São José dos Campos");
    assert.deepEqual(result.city.median_totals, { card_impressions: 2, card_clicks: 0, profile_views: 0, contacts: 0 });
    assert.deepEqual(result.series.at(-1)!.city_median, {
      card_impressions: 2,
      card_clicks: 0,
      profile_views: 0,
      contacts: 0,
    });
    assert.equal(result.series[0]!.city_median!.card_impressions, 0);
    assert.equal(result.totals.card_impressions, 3);
  });
});

describe("GET /api/models/analytics: her own only", () => {
  test("401 without a token, refused for an admin, 400 for another period", async () => {
    assert.equal((await ctx.as(null).get("/api/models/analytics")).statusCode, 401);
    const admin = await signedInAdmin(ctx);
    assert.ok([403, 404].includes((await ctx.as(admin).get("/api/models/analytics")).statusCode));
    const her = await publicAdvertiser(ctx);
    assert.equal((await analytics(her.token, 90)).series.length, 90);
    const res = await ctx.as(her.token).get("/api/models/analytics");
    assert.equal(res.json().days, 30);
    const bad = await ctx.as(her.token).get("/api/models/analytics?dias=15");
    assert.equal(bad.statusCode, 400, bad.body);
  });
});

describe("with an age verifier", () => {
  const verified = useTestContext({
    ageAssurance: verifierMode({ issuer: "http://127.0.0.1:9/verificador", clientId: "vitrine", clientSecret: "s" }),
  });

  test("only a browser holding a valid age pass is heard; the click-through cookie is worth nothing", async () => {
    const her = await buildModel(verified.app);
    const send = (cookie: string | null) => beacon({ impressions: [her] }, cookie, verified.app);
    assert.equal((await send(null)).statusCode, 403);
    assert.equal((await send(AGE_OK)).statusCode, 403);
    assert.equal((await send(await agePassCookies(verified.config.jwtSecret))).statusCode, 204);
    await flushDailyStats(verified.app);
    const [row] = await verified.app.db.select().from(modelDailyStats).where(eq(modelDailyStats.modelId, her));
    assert.equal(row!.cardImpressions, 1);
  });
});
