import { isNotNull, lt, lte, or } from "drizzle-orm";
import { directLoginTokens, loginThrottle, visitorMarks } from "../db/schema";
import { todayInSaoPaulo } from "../lib/dates";
import { forgetEndedWindows } from "../lib/shared-counters";
import { prunePublicChanges } from "../cache/public-cache";
import { LOGIN_THROTTLE_FORGET_AFTER_MS } from "../modules/auth/service";
import { forgetExpiredChallenges } from "../modules/factors/service";
import { forgetAbandonedVerifierFlows } from "../modules/verification/service";
import { EVENTS_KEPT_MS, pruneEvents } from "../plugins/events";
import { pruneDailyStats } from "../modules/analytics/daily-stats-store";
import type { Job } from "./scheduler";

export const CLEANUP_JOB = "cleanup";

/**
 * Forgets what is only kept for a while, away from the request path (which stays correct without it):
 * - visitor marks of earlier São Paulo days: a visitor's daily hash is not kept past its day (a mark's key
 *   includes its day, so a mark left from yesterday never counts as today's);
 * - login backoff rows untouched for a day (a key that fails again starts from a fresh row);
 * - direct-login tokens that are used or expired (an exchange checks both, so a leftover opens nothing);
 * - what public changes touched, beyond the last PUBLIC_CHANGES_KEPT versions (a public cache that last checked
 *   before them drops everything);
 * - shared counters whose window has ended (the next hit of such a key would start a new window anyway);
 * - passkey challenges past their expiry (never answered: an answered one is spent at once);
 * - identity verifications left `started` at the verifier for more than a day (abandoned there);
 * - live-stream events older than a day (a stream that resumes from before them is told to refresh everything);
 * - the advertisers' daily analytics older than ANALYTICS_KEPT_DAYS days (modules/analytics).
 */
export const cleanupJob: Job = {
  name: CLEANUP_JOB,
  label: "Limpeza de registros antigos",
  description:
    "Apaga registros vencidos: links de acesso usados, contadores encerrados, eventos com mais de um dia e verificações abandonadas.",
  intervalMs: 10 * 60_000,
  async run({ app, now }) {
    const marks = await app.db
      .delete(visitorMarks)
      .where(lt(visitorMarks.day, todayInSaoPaulo(now)))
      .returning({ day: visitorMarks.day });
    const throttles = await app.db
      .delete(loginThrottle)
      .where(lt(loginThrottle.updatedAt, new Date(now.getTime() - LOGIN_THROTTLE_FORGET_AFTER_MS)))
      .returning({ key: loginThrottle.accountKey });
    const tokens = await app.db
      .delete(directLoginTokens)
      .where(or(isNotNull(directLoginTokens.usedAt), lte(directLoginTokens.expiresAt, now)))
      .returning({ id: directLoginTokens.id });
    const counters = await forgetEndedWindows(app.db, now);
    const publicChanges = await prunePublicChanges(app.db);
    const challenges = await forgetExpiredChallenges(app.db, now);
    const verifierFlows = await forgetAbandonedVerifierFlows(app.db, now);
    const events = await pruneEvents(app.db, new Date(now.getTime() - EVENTS_KEPT_MS));
    const dailyStats = await pruneDailyStats(app.db, todayInSaoPaulo(now));
    const removed = {
      visitor_marks: marks.length,
      login_throttle: throttles.length,
      direct_login_tokens: tokens.length,
      rate_counters: counters,
      public_changes: publicChanges,
      passkey_challenges: challenges,
      verifier_flows: verifierFlows,
      events,
      daily_stats: dailyStats,
    };
    if (Object.values(removed).some((n) => n > 0)) app.log.debug({ job: CLEANUP_JOB, ...removed }, "limpeza");
  },
};
