import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { and, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { models, publicChanges, publicDataVersion } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { buildModel, updateModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { isModelVisible } from "./publish";
import { isPubliclyVisible } from "./visibility";

/**
 * The public rule is written once, in the database's model_is_public (migration 0041): these tests fail when a
 * column it reads is not watched by the cache's update trigger, when the public indexes stop covering it, and when
 * a change of any of its columns does not change her public answer or does not invalidate the public cache.
 */

const ctx = useTestContext();

/** Raw rows of db.execute: PGlite answers { rows }, postgres-js the array itself. */
async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await ctx.app.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** The columns of models that model_is_public reads, through the functions it calls (pg_depend, SQL bodies). */
async function ruleColumns(): Promise<string[]> {
  const found = await rows<{ attname: string }>(sql`
    WITH RECURSIVE fns(oid) AS (
      SELECT 'model_is_public(models, date)'::regprocedure::oid
      UNION
      SELECT d.refobjid FROM pg_depend d JOIN fns ON d.objid = fns.oid
      WHERE d.classid = 'pg_proc'::regclass AND d.refclassid = 'pg_proc'::regclass
    )
    SELECT DISTINCT a.attname FROM pg_depend d JOIN fns ON d.objid = fns.oid
    JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE d.classid = 'pg_proc'::regclass AND d.refobjid = 'models'::regclass AND d.refobjsubid > 0
    ORDER BY 1`);
  return found.map((r) => r.attname);
}

/** The columns an UPDATE OF trigger of models watches. */
async function watchedColumns(trigger: string): Promise<string[]> {
  const found = await rows<{ attname: string }>(sql`
    SELECT a.attname FROM pg_trigger t
    JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr::int2[])
    WHERE t.tgrelid = 'models'::regclass AND t.tgname = ${trigger}
    ORDER BY 1`);
  return found.map((r) => r.attname);
}

/** The columns of models an index's predicate reads (its column dependencies that are not key columns). */
async function predicateColumns(index: string): Promise<string[]> {
  const found = await rows<{ attname: string }>(sql`
    SELECT DISTINCT a.attname FROM pg_index i
    JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = i.indexrelid AND d.refobjsubid > 0
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = d.refobjsubid
    WHERE i.indexrelid = ${index}::regclass AND NOT (a.attnum = ANY (i.indkey::int2[]))
    ORDER BY 1`);
  return found.map((r) => r.attname);
}

/**
 * For each column the rule reads, a value that hides a public model. Kept in step with the function: the first test
 * fails when the rule reads a column this list does not name.
 */
const HIDING: Record<string, Partial<typeof models.$inferInsert>> = {
  is_active: { isActive: false },
  is_verified: { isVerified: false },
  email_confirmed_at: { emailConfirmedAt: null },
  deleted_at: { deletedAt: new Date() },
  moderation_status: { moderationStatus: "hidden" },
  next_due_date: { nextDueDate: todayInSaoPaulo() },
  paused_at: { pausedAt: new Date() },
};

describe("the public rule: one SQL function, watched by the cache's trigger", () => {
  let columns: string[];
  before(async () => {
    columns = await ruleColumns();
  });

  test("the update trigger watches every column model_is_public reads, and each has a test below", async () => {
    assert.ok(columns.length >= 6, `the rule's columns, read from pg_depend: ${columns.join(", ")}`);
    const watched = new Set(await watchedColumns("models_public_data_version_update"));
    const unwatched = columns.filter((c) => !watched.has(c));
    assert.deepEqual(unwatched, [], "columns the rule reads that the cache's trigger does not watch");
    assert.deepEqual(Object.keys(HIDING).sort(), columns, "every column of the rule has a hiding change tested");
  });

  test("the public indexes cover the rule's time-independent part (every column but the plan's date)", async () => {
    const timeIndependent = columns.filter((c) => c !== "next_due_date");
    for (const index of ["models_public_order_idx", "models_public_city_idx"]) {
      assert.deepEqual(await predicateColumns(index), timeIndependent, index);
      const [def] = await rows<{ def: string }>(sql`SELECT pg_get_indexdef(${index}::regclass) AS def`);
      assert.match(def!.def, /WHERE model_is_listed\(/, index);
    }
  });

  test("the listing's query is answered from the public index (the function is inlined)", async () => {
    const plan = await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(
        sql`EXPLAIN SELECT ${models.id} FROM ${models} WHERE ${isPubliclyVisible()}
            ORDER BY ${models.isFeatured} DESC, ${models.id} DESC LIMIT 10`,
      )) as unknown as Record<string, string>[] | { rows: Record<string, string>[] };
      return (Array.isArray(result) ? result : result.rows).map((r) => Object.values(r)[0]).join("\n");
    });
    assert.match(plan, /models_public_order_idx/, plan);
  });

  for (const [column, change] of Object.entries(HIDING)) {
    test(`changing ${column} hides her and invalidates her public pages`, async () => {
      const id = await buildModel(ctx.app);
      assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), true, "built public");
      const [{ version }] = await ctx.app.db.select({ version: publicDataVersion.version }).from(publicDataVersion);
      await updateModel(ctx.app, id, change);
      assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), false, "hidden by the change");
      const tags = await ctx.app.db
        .select({ tag: publicChanges.tag })
        .from(publicChanges)
        .where(gt(publicChanges.version, version));
      const noted = new Set(tags.map((t) => t.tag));
      for (const tag of [`model:${id}`, "list:all", "cities"]) assert.ok(noted.has(tag), `${tag} in ${[...noted]}`);
    });
  }

  test("a model given publicModelValues is public until the day before its due date", async () => {
    const today = todayInSaoPaulo();
    const id = await buildModel(ctx.app, { validDays: 1 });
    const visibleOn = async (day: string) => {
      const [row] = await ctx.app.db
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.id, id), isPubliclyVisible(day)))
        .orderBy(desc(models.id));
      return Boolean(row);
    };
    assert.equal(await visibleOn(today), true);
    assert.equal(await visibleOn(addDays(today, 1)), false);
  });
});
