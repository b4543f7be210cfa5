import { and, eq, gt, isNotNull, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { models } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";

/** The one moderation state in which the public may see a model (see models.moderation_status). */
export const MODERATION_CLEAR = "none";

/**
 * A model is public only while active, verified (is_verified: her identity checked, modules/verification), with
 * her e-mail confirmed (email_confirmed_at: she opened the link sent at registration, modules/mail), not
 * deleted, not held or hidden by moderation, and with a valid plan (today in São Paulo < next_due_date). Every
 * public query (lists, counts, cities, search, previews, profile, photos) filters through this, and the public
 * indexes' predicates mirror it. A prepared statement passes a placeholder for the day.
 */
export function isPubliclyVisible(today: string | Placeholder = todayInSaoPaulo()): SQL {
  return (
    and(
      eq(models.isActive, true),
      eq(models.isVerified, true),
      isNotNull(models.emailConfirmedAt),
      isNull(models.deletedAt),
      eq(models.moderationStatus, MODERATION_CLEAR),
      gt(models.nextDueDate, today),
    ) ?? sql`false`
  );
}
