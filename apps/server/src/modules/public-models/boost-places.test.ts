import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildModel, loginAdmin, setSetting } from "../../test/factories";
import { type PaymentsContext, startPaymentsContext } from "../payments/test-support";
import { boostAwaitingReview } from "../boosts/test-support";

const SAO_PAULO = 3550308;

let p: PaymentsContext;
let admin: string;
/** The live boosts the first test leaves. */
const live = { featured: 0, bumped: 0 };

before(async () => {
  p = await startPaymentsContext();
  admin = await loginAdmin(p.ctx.app);
});
after(() => p.close());

/** The ids of São Paulo's first page, as the public listing answers it (relevance unless `query` says). */
async function cityPage(query = ""): Promise<number[]> {
  const res = await p.ctx.app.inject({
    method: "GET",
    url: `/api/models/public?city_id=${SAO_PAULO}&limit=50${query}`,
  });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { models: { id: number }[] }).models.map((m) => m.id);
}

/** São Paulo's first page: each card's boost mark. */
async function cityCards(): Promise<Map<number, string | null>> {
  const res = await p.ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${SAO_PAULO}&limit=50` });
  return new Map((res.json() as { models: { id: number; boost: string | null }[] }).models.map((m) => [m.id, m.boost]));
}

/** A boost bought by Pix, paid, and approved by the admin as the ad stands: the advertiser's id. */
async function liveBoost(kind: "featured" | "bump", days: number): Promise<number> {
  const bought = await boostAwaitingReview(p.ctx.app, p.fake, { kind, days });
  const queue = await p.ctx.as(admin).get("/api/admin/boosts?view=all");
  const item = (queue.json() as { boosts: { id: number; snapshot_hash: string }[] }).boosts.find(
    (b) => b.id === bought.boostId,
  );
  assert.ok(item, "the boost waits in the queue");
  const res = await p.ctx
    .as(admin)
    .post(`/api/admin/boosts/${bought.boostId}/approve`, { snapshot_hash: item.snapshot_hash });
  assert.equal(res.statusCode, 200, res.body);
  return bought.modelId!;
}

describe("paid boosts on a city page (GET /api/models/public)", () => {
  test("a Destaque takes a featured place above everyone, a Subir anúncio comes next, only once approved", async () => {
    const pending = await boostAwaitingReview(p.ctx.app, p.fake, { kind: "featured", days: 7 });
    const planFeatured = await buildModel(p.ctx.app, { municipioId: SAO_PAULO, isFeatured: true });
    const newest = await buildModel(p.ctx.app, { municipioId: SAO_PAULO });
    const before = await cityPage();
    assert.deepEqual(before.slice(0, 2), [planFeatured, newest], "the ordinary order: featured plan, then newest");
    assert.ok(before.indexOf(pending.modelId!) > 1, "a boost waiting for review places nothing");

    const featured = await liveBoost("featured", 7);
    const bumped = await liveBoost("bump", 3);
    const page = await cityPage();
    assert.equal(page[0], featured, "the Destaque first");
    assert.equal(page[1], bumped, "then the bumped card");
    assert.equal(page[2], planFeatured, "then the ordinary order");
    assert.equal(page.filter((id) => id === featured).length, 1, "each card once");
    const marks = await cityCards();
    assert.equal(marks.get(featured), "featured", "paid content is marked: Destaque");
    assert.equal(marks.get(bumped), "bump", "Impulsionado");
    assert.equal(marks.get(planFeatured), null, "an ordinary card carries no mark");
    Object.assign(live, { featured, bumped });

    assert.equal((await cityPage("&ordem=recentes"))[0], bumped, "other orders ignore boosts (newest here)");
    assert.equal((await cityPage("&idade_min=18"))[0], featured, "a filtered page in relevance order keeps them");
    const plain = await p.ctx.app.inject({ method: "GET", url: `/api/models/public?limit=50` });
    assert.notEqual(plain.json().models[0].id, featured, "the country's page has no featured places");
  });

  test("the featured places are bounded by the admin's setting", async () => {
    await setSetting(p.ctx.app, "boost_featured_places", "1");
    try {
      const a = await liveBoost("featured", 3);
      const b = await liveBoost("featured", 3);
      const page = await cityPage();
      const destaques = [live.featured, a, b];
      assert.ok(destaques.includes(page[0]), "one Destaque holds the one place (they rotate)");
      assert.equal(page[1], live.bumped, "then the bumped card");
      for (const id of destaques.filter((d) => d !== page[0])) assert.ok(page.indexOf(id) > 1, `${id} waits its turn`);
    } finally {
      await setSetting(p.ctx.app, "boost_featured_places", "4");
    }
  });
});
