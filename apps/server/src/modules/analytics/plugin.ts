import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ContactChannel } from "@vitrine/contracts";
import type { DailyStats } from "./daily-stats-store";

declare module "fastify" {
  interface FastifyInstance {
    /** The advertiser's daily totals waiting in memory for the next flush (modules/analytics/daily-stats-store.ts). */
    dailyStats: DailyStats;
  }
}

/** How often each instance writes the daily totals it gathered: her figures arrive within seconds. */
export const DAILY_STATS_FLUSH_MS = 5_000;

/** What the visit counter (public-models/visitor-marks.ts) is asked to count. */
type CountedVisit = { kind: "view" | "contact"; modelId: number; channel?: ContactChannel };

/**
 * The visit counter, also adding what it counted to her day: a profile view or a contact (on its channel) counts
 * in her analytics exactly when it counts in views_count / contact_count (once per visitor per model per day).
 */
export function countingDailyTotals<I extends CountedVisit>(
  counter: (input: I) => Promise<boolean>,
  stats: DailyStats,
): (input: I) => Promise<boolean> {
  return async (input) => {
    const counted = await counter(input);
    if (counted && input.kind === "view") stats.addProfileView(input.modelId);
    if (counted && input.kind === "contact" && input.channel) stats.addContact(input.modelId, input.channel);
    return counted;
  };
}

const flushing = new WeakMap<FastifyInstance, Promise<unknown>>();

/**
 * Writes the instance's gathered totals now (the timer does it every DAILY_STATS_FLUSH_MS; tests and the
 * shutdown call it). A flush already running is waited for first, so two never overlap.
 */
export async function flushDailyStats(app: FastifyInstance): Promise<{ models: number; photos: number }> {
  const previous = flushing.get(app);
  const run = (async () => {
    await previous?.catch(() => {});
    return app.dailyStats.flush(app.db);
  })();
  flushing.set(app, run);
  return run;
}

/** Flushes every few seconds, and once more when the server closes (before the database does). */
export const dailyStatsFlushPlugin = fp(async (app: FastifyInstance) => {
  const flushNow = () =>
    flushDailyStats(app).catch((err: unknown) => app.log.error({ err }, "estatísticas: gravação falhou"));
  const timer = setInterval(() => void flushNow(), DAILY_STATS_FLUSH_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await flushNow();
  });
});
