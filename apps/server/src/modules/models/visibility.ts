import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { models } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";

/** The one moderation state in which the public may see a model (see models.moderation_status). */
export const MODERATION_CLEAR = "none";

/**
 * Whether the public sees a model on `today` (a São Paulo day): the database's `model_is_public(models, day)`
 * (migrations 0041, 0044), the one place the rule is written — active, verified, e-mail confirmed, not deleted, clear
 * of moderation, not paused by her, and a plan valid that day (day < next_due_date). Every public query (lists, counts, cities, search,
 * previews, profile, photos) filters through this, the cache's triggers and the public indexes call the same
 * function. The query must read `models` under its own name (no alias). A prepared statement passes a
 * placeholder for the day.
 */
export function isPubliclyVisible(today: string | Placeholder = todayInSaoPaulo()): SQL {
  return sql`model_is_public(${models}, ${today}::date)`;
}

/**
 * The column values that make a model public while today < `nextDueDate` by the rule above (null: never paid, so
 * hidden for that reason alone): what the demo seed and the test factories give a model meant to be seen. A server
 * test (models/public-rule.test.ts) checks that a model given these values is public by `model_is_public`.
 */
export function publicModelValues(nextDueDate: string | null) {
  return {
    isActive: true,
    isVerified: true,
    emailConfirmedAt: new Date(),
    deletedAt: null,
    moderationStatus: MODERATION_CLEAR,
    pausedAt: null,
    nextDueDate,
  } satisfies Partial<typeof models.$inferInsert>;
}
