import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { models, publicDataVersion } from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { notifyPlanExpired, notifyPlanExpiring } from "../modules/mail/service";
import { modelChangeEvents } from "../modules/models/publish";
import { recordEvents } from "../plugins/events";
import { isPubliclyVisible } from "../modules/models/visibility";
import type { Job } from "./scheduler";

export const PLAN_EXPIRY_JOB = "plan-expiry";
/** "Your plan expires in 3 days": sent when next_due_date is this many days ahead. */
const EXPIRY_NOTICE_DAYS = 3;

/** What the job remembers: the last São Paulo day whose expiries it announced. */
type ExpiryState = { lastAnnouncedDay?: string };

const isDay = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Announces plan expiries. Nothing is stored about them: a plan is valid while today (São Paulo) < next_due_date,
 * so the model is hidden and her payment_status is "expired" from the first moment of her due date, whether or
 * not this job has run. What the job adds is the news: for every active, not deleted model whose due date fell
 * in (the last announced day, today] — today alone on the first run — it moves the public data version (so every
 * instance's public cache rebuilds its lists at once) and publishes `model_status_updated`, so open listings and
 * her own dashboard refresh without a reload. A model hidden for another reason was never public: nothing is
 * said about her. After a pause (a restart, a deploy) the next run catches up on the days it missed.
 *
 * It also writes her e-mails (modules/mail): "expired" to those models, and "expires in 3 days" to the models,
 * public or not, whose due date is three days after a day of the same span (her plan's last day is two days
 * away), unless she switched plan e-mails off.
 */
export const planExpiryJob: Job = {
  name: PLAN_EXPIRY_JOB,
  label: "Aviso de planos vencidos",
  description:
    "Avisa as listas abertas dos planos que venceram hoje e envia os e-mails de plano vencido e de vencimento em 3 dias.",
  intervalMs: 60_000,
  async run({ app, now, state }) {
    const today = todayInSaoPaulo(now);
    const { lastAnnouncedDay } = state as ExpiryState;
    const after = isDay(lastAnnouncedDay) ? lastAnnouncedDay : addDays(today, -1);
    if (after >= today) return state;
    const expired = await app.db
      .select({ id: models.id, due: models.nextDueDate })
      .from(models)
      // Public on the last announced day (the rule itself, modules/models/visibility.ts) and due since.
      .where(and(isPubliclyVisible(after), lte(models.nextDueDate, today)))
      .orderBy(models.id);
    if (expired.length > 0) {
      // The triggers of public_data_version see changes to rows, never the turn of a date. The public cache keys
      // its lists by the São Paulo day as well, so they are rebuilt at midnight anyway; moving the version here
      // makes an expiry an ordinary public data change for every instance, whatever the cache keys by. A spare
      // bump costs one rebuild; a missing one would serve a hidden model.
      await app.db.transaction(async (tx) => {
        await tx
          .update(publicDataVersion)
          .set({ version: sql`${publicDataVersion.version} + 1`, changedAt: sql`now()` })
          .where(eq(publicDataVersion.id, 1));
        await recordEvents(
          tx,
          expired.flatMap(({ id }) => modelChangeEvents(id, { before: true, after: false })),
        );
      });
      await app.events.deliver();
      app.log.info({ job: PLAN_EXPIRY_JOB, models: expired.length, day: today }, "planos vencidos anunciados");
    }
    const expiring = await app.db
      .select({ id: models.id, due: models.nextDueDate })
      .from(models)
      .where(
        and(
          isNull(models.deletedAt),
          gt(models.nextDueDate, addDays(after, EXPIRY_NOTICE_DAYS)),
          lte(models.nextDueDate, addDays(today, EXPIRY_NOTICE_DAYS)),
        ),
      )
      .orderBy(models.id);
    await app.db.transaction(async (tx) => {
      for (const { id, due } of expired) if (due) await notifyPlanExpired(tx, id, due);
      for (const { id, due } of expiring) if (due) await notifyPlanExpiring(tx, id, due);
    });
    return { lastAnnouncedDay: today } satisfies ExpiryState;
  },
};
