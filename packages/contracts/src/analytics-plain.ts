// No zod here: the public pages load this file (the schemas are in analytics.ts, which re-exports it).

/** POST /api/analytics/events: the public pages' batched beacon of card impressions, card clicks and lightbox opens. */
export const ANALYTICS_EVENTS_PATH = "/api/analytics/events";

/** At most this many ids of each kind in one beacon (a page view sends more in several beacons). */
export const ANALYTICS_MAX_IDS = 100;

/** The beacon's body is refused (413) beyond this many bytes: three lists of 100 ids fit with room to spare. */
export const ANALYTICS_MAX_BODY_BYTES = 4096;

/** The periods of her analytics, in days (`?dias=`). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Her city is compared with her only when it has at least this many public advertisers. */
export const ANALYTICS_CITY_MIN_ADVERTISERS = 5;

/** Daily rows are kept this many days, then deleted by the scheduled clean-up. */
export const ANALYTICS_KEPT_DAYS = 400;
