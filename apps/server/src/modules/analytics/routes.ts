import {
  ANALYTICS_MAX_BODY_BYTES,
  AnalyticsEventsBodySchema,
  AnalyticsQuerySchema,
  AnalyticsResponseSchema,
  hasAgeGateCookie,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rateLimited } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";
import { ageVerificationRequired } from "../age-assurance/service";
import { addBeacon, readAnalytics } from "./service";

/** Beacons one address may send per minute to one instance (a page view sends one, a long scroll a few). */
const BEACONS_PER_MINUTE = 30;
/** Addresses remembered per minute, so a flood of addresses cannot grow the map without bound. */
const MAX_ADDRESSES = 100_000;

/**
 * A per-address budget kept in memory by each instance, reset every minute: a beacon costs no database write
 * beyond its share of the batched flush. Several instances each give an address its budget.
 */
function createBeaconBudget() {
  let minute = 0;
  let spent = new Map<string, number>();
  return (ip: string | undefined): boolean => {
    if (!ip) return false;
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute || spent.size >= MAX_ADDRESSES) {
      minute = now;
      spent = new Map();
    }
    const key = clientAddressKey(ip);
    const n = (spent.get(key) ?? 0) + 1;
    spent.set(key, n);
    return n <= BEACONS_PER_MINUTE;
  };
}

/**
 * POST /api/analytics/events: the public pages' beacon (card impressions and clicks, lightbox opens), in the public
 * scope. Only a visitor who passed the age gate is heard: with a verifier, a valid age pass; with the click-through
 * gate, its cookie (as the server-rendered pages decide). Refused before the body is read otherwise; a body over
 * ANALYTICS_MAX_BODY_BYTES is refused with 413. Answers 204 at once: the events wait in memory for the next flush.
 */
export const analyticsEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const withinBudget = createBeaconBudget();
  const passedAgeGate = async (request: FastifyRequest) =>
    app.config.ageAssurance.mode === "verifier"
      ? app.hasAgePass(request)
      : hasAgeGateCookie(request.headers.cookie ?? "");

  app.post(
    "/analytics/events",
    {
      bodyLimit: ANALYTICS_MAX_BODY_BYTES,
      onRequest: async (request) => {
        if (!(await passedAgeGate(request))) throw ageVerificationRequired();
        if (!withinBudget(request.ip)) throw rateLimited();
      },
      schema: { body: AnalyticsEventsBodySchema },
    },
    async (request, reply) => {
      await addBeacon({ db: app.db, stats: app.dailyStats, body: request.body });
      return reply.code(204).send();
    },
  );
};

/** GET /api/models/analytics?dias=7|30|90: her own analytics (model scope; the id is hers, from her token). */
export const analyticsModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/analytics",
    { schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsResponseSchema } } },
    async (request) => readAnalytics({ db: app.db, modelId: request.modelId, days: request.query.dias }),
  );
};
