import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { useTestContext } from "../../test/fixtures";
import { buildModel } from "../../test/factories";

const COUNTS_PER_HOUR = 5;
const ctx = useTestContext({ visitorCountsPerHour: COUNTS_PER_HOUR });

const view = (id: number, remoteAddress: string, userAgent = "Mozilla/5.0") =>
  ctx.app.inject({
    method: "GET",
    url: `/api/models/public/${id}`,
    remoteAddress,
    headers: { "user-agent": userAgent },
  });
const contact = (id: number, remoteAddress: string, userAgent = "Mozilla/5.0") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/models/public/${id}/contact`,
    remoteAddress,
    headers: { "user-agent": userAgent },
    payload: { channel: "whatsapp" },
  });

async function counters(id: number) {
  const [row] = await ctx.app.db
    .select({ views: models.viewsCount, contacts: models.contactCount })
    .from(models)
    .where(eq(models.id, id));
  return row;
}

describe("one visitor per address per model per day", () => {
  test("50 views and 40 contacts from one IP with 50 different user agents count once each", async () => {
    const id = await buildModel(ctx.app);
    for (let i = 0; i < 50; i++) {
      const res = await view(id, "203.0.113.10", `Navegador/${i}.0`);
      assert.equal(res.statusCode, 200);
    }
    for (let i = 0; i < 40; i++) {
      const res = await contact(id, "203.0.113.10", `Navegador/${i}.0`);
      assert.equal(res.statusCode, 200);
    }
    assert.deepEqual(await counters(id), { views: 1, contacts: 1 });
  });

  test("two IPv6 addresses in one /64 are one visitor; another /64 is another", async () => {
    const id = await buildModel(ctx.app);
    await view(id, "2001:db8:aa:1::1");
    await view(id, "2001:db8:aa:1:ffff:1234:5678:9abc");
    assert.equal((await counters(id)).views, 1);
    await view(id, "2001:db8:aa:2::1");
    assert.equal((await counters(id)).views, 2);
  });

  test(`beyond ${COUNTS_PER_HOUR} counted views an hour from one address, pages are served but not counted`, async () => {
    const ids = await Promise.all(Array.from({ length: COUNTS_PER_HOUR + 2 }, () => buildModel(ctx.app)));
    for (const id of ids) {
      const res = await view(id, "198.51.100.20");
      assert.equal(res.statusCode, 200);
    }
    const views = await Promise.all(ids.map(async (id) => (await counters(id)).views));
    assert.deepEqual(views, [...Array(COUNTS_PER_HOUR).fill(1), 0, 0]);

    // Contacts share the address's budget; another address still counts.
    assert.equal((await contact(ids[0]!, "198.51.100.20")).statusCode, 200);
    assert.equal((await counters(ids[0]!)).contacts, 0);
    assert.equal((await contact(ids[0]!, "198.51.100.21")).statusCode, 200);
    assert.equal((await counters(ids[0]!)).contacts, 1);
    const last = ids.at(-1)!;
    const other = await view(last, "198.51.100.21");
    assert.equal(other.json().model.views_count, 1);
  });
});
