import assert from "node:assert/strict";
import { test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { type ModelRow, models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { buildModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { explainVisibility, type ProfileRow } from "./present";

/**
 * The dashboard's reasons (explainVisibility) keep one check per part of the public rule, to tell her WHY she is
 * hidden; the rule itself is the database's model_is_public. On every combination of the columns they read, she
 * has a blocking reason exactly when model_is_public says the public does not see her.
 */

const ctx = useTestContext();

/** Each column the reasons or the rule read, with the values tried (camelCase row field → snake_case column). */
function combinations(today: string) {
  const when = new Date("2025-01-02T03:04:05Z");
  const axes: [keyof ModelRow, string, unknown[]][] = [
    ["isActive", "is_active", [true, false]],
    ["deletedAt", "deleted_at", [null, when]],
    ["moderationStatus", "moderation_status", ["none", "held", "hidden", "banned"]],
    ["isVerified", "is_verified", [true, false]],
    ["verificationFrozenAt", "verification_frozen_at", [null, when]],
    ["emailConfirmedAt", "email_confirmed_at", [when, null]],
    ["nextDueDate", "next_due_date", [null, addDays(today, -1), today, addDays(today, 1)]],
    ["firstPaidAt", "first_paid_at", [null, when]],
    ["pausedAt", "paused_at", [null, when]],
  ];
  let cases: Partial<ModelRow>[] = [{}];
  for (const [field, , values] of axes) cases = cases.flatMap((c) => values.map((v) => ({ ...c, [field]: v })));
  const toColumns = (c: Partial<ModelRow>) => Object.fromEntries(axes.map(([field, column]) => [column, c[field]]));
  return { cases, toColumns };
}

test("a blocking reason exactly when model_is_public says hidden, on every combination", async () => {
  const today = todayInSaoPaulo();
  const id = await buildModel(ctx.app);
  const [base] = await ctx.app.db.select().from(models).where(eq(models.id, id));
  const { cases, toColumns } = combinations(today);
  // The database's answer for each combination, on a copy of a real row (jsonb_populate_record), in one query.
  const result = (await ctx.app.db.execute(sql`
    SELECT model_is_public(jsonb_populate_record(m, c.value), ${today}::date) AS public
    FROM ${models} m, jsonb_array_elements(${JSON.stringify(cases.map(toColumns))}::jsonb) WITH ORDINALITY c
    WHERE m.id = ${id} ORDER BY c.ordinality`)) as unknown as { public: boolean }[] | { rows: { public: boolean }[] };
  const answers = (Array.isArray(result) ? result : result.rows).map((r) => r.public);
  assert.equal(answers.length, cases.length);
  assert.ok(answers.includes(true) && answers.includes(false));

  const disagreements = cases.flatMap((c, i) => {
    const row: ProfileRow = {
      model: { ...base!, ...c },
      uf: "SP",
      cityName: "São Paulo",
      citySlug: "sao-paulo-sp",
      categoryName: null,
      isVisible: answers[i]!,
      verificationSentAt: null,
    };
    const blocked = explainVisibility(row, { hasPrimary: true, isPrimaryPublic: true }, today).reasons.some(
      (r) => r.blocking,
    );
    return blocked === !answers[i] ? [] : [{ ...c, public: answers[i] }];
  });
  assert.deepEqual(disagreements, []);
});
