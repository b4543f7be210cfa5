import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { moderationCases } from "../../db/schema";
import { buildModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { openModerationCase, PRIORITY } from "./service";

describe("openModerationCase", () => {
  const ctx = useTestContext();

  it("opens one case per model, photo and kind, joins it while open and raises its priority", async () => {
    const modelId = await buildModel(ctx.app);
    const first = await ctx.app.db.transaction((tx) =>
      openModerationCase(tx, { modelId, photoId: 7, kind: "duplicate_photo", detail: "foto usada por outra conta" }),
    );
    assert.equal(first.created, true);
    const again = await ctx.app.db.transaction((tx) =>
      openModerationCase(tx, { modelId, photoId: 7, kind: "duplicate_photo", priority: PRIORITY.urgent }),
    );
    assert.deepEqual(again, { id: first.id, created: false });
    const [row] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.id, first.id));
    assert.equal(row.priority, PRIORITY.urgent);
    assert.equal(row.detail, "foto usada por outra conta");

    const profile = await openModerationCase(ctx.app.db, { modelId, kind: "duplicate_photo" });
    assert.equal(profile.created, true, "the profile is another item than its photo");
    const report = await openModerationCase(ctx.app.db, { modelId, photoId: 7, kind: "report" });
    assert.equal(report.created, true, "another kind is another case");

    await ctx.app.db.update(moderationCases).set({ status: "closed" }).where(eq(moderationCases.id, first.id));
    const reopened = await openModerationCase(ctx.app.db, { modelId, photoId: 7, kind: "duplicate_photo" });
    assert.equal(reopened.created, true, "a closed case is not joined");
  });
});
