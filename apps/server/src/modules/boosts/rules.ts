import type { BoostPhase } from "@vitrine/contracts";
import type { BoostRow } from "../../db/schema";

/**
 * The clock rules of a boost, as pure functions (decision 079): when an approved boost starts and ends, whether it
 * is live at an instant, when its current move up happened, and how she and the admin read where it stands.
 */

export const DAY_MS = 86_400_000;
/** São Paulo is UTC−3 all year (Brazil has had no summer time since 2019). */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

type Clock = Pick<BoostRow, "status" | "startsAt" | "endsAt" | "pausedAt">;

/**
 * The start of an approved boost: a "Destaque", and a "Subir anúncio" without a chosen hour, at approval; a
 * "Subir anúncio" at a chosen hour, at the next time it is that hour in São Paulo (today, if still ahead).
 */
export function startAfterApproval(boost: Pick<BoostRow, "kind" | "bumpHour">, now: Date): Date {
  if (boost.kind !== "bump" || boost.bumpHour === null) return now;
  const local = new Date(now.getTime() + SAO_PAULO_OFFSET_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), boost.bumpHour);
  const start = at - SAO_PAULO_OFFSET_MS;
  return new Date(start >= now.getTime() ? start : start + DAY_MS);
}

/** Its end: `days` whole days after its start (a bump moves her up once on each of those days). */
export const endAfter = (startsAt: Date, days: number) => new Date(startsAt.getTime() + days * DAY_MS);

/** Approved, not paused, and now within [starts_at, ends_at). */
export function isLive(boost: Clock, now: Date): boolean {
  return (
    boost.status === "approved" &&
    boost.pausedAt === null &&
    boost.startsAt !== null &&
    boost.endsAt !== null &&
    boost.startsAt.getTime() <= now.getTime() &&
    now.getTime() < boost.endsAt.getTime()
  );
}

/**
 * The moment of a live boost's current place: a "Destaque" its start; a "Subir anúncio" its latest move up (its
 * start, then every 24 hours).
 */
export function placedAt(boost: Pick<BoostRow, "kind" | "startsAt">, now: Date): Date {
  const start = boost.startsAt!.getTime();
  if (boost.kind !== "bump") return new Date(start);
  return new Date(start + Math.floor((now.getTime() - start) / DAY_MS) * DAY_MS);
}

/** What the public pages should show of it: 'off', or 'live:<epoch seconds of placedAt>' (jobs/boosts.ts). */
export function publicStateOf(boost: Clock & Pick<BoostRow, "kind">, now: Date): string {
  return isLive(boost, now) ? `live:${Math.floor(placedAt(boost, now).getTime() / 1000)}` : "off";
}

/** Where a boost stands, for her dashboard and the admin (`paymentStatus`: its model payment's status). */
export function boostPhase(boost: Clock, paymentStatus: string | null, now: Date): BoostPhase {
  const ended = boost.endsAt !== null && boost.endsAt.getTime() <= now.getTime();
  switch (boost.status) {
    case "pending_payment":
      return paymentStatus === "failed" || paymentStatus === "cancelled" ? "payment_failed" : "pending_payment";
    case "awaiting_review":
      if (boost.pausedAt === null) return "awaiting_review";
      return ended ? "ended" : "paused";
    case "approved":
      if (ended) return "ended";
      return boost.startsAt !== null && boost.startsAt.getTime() > now.getTime() ? "scheduled" : "live";
    case "rejected":
      return "rejected";
    default:
      return "refunded";
  }
}
