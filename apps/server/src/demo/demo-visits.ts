import type { accessLogs } from "../db/schema";
import { addDays } from "../lib/dates";
import { saoPauloMoment, WEEKDAY_RHYTHM, weekdayOf } from "./demo-time";
import type { createRandom } from "./random";

type Random = ReturnType<typeof createRandom>;
export type VisitCity = { municipioId: number; city: string; weight: number };

/** Share of the day's visits per hour (São Paulo time): quiet mornings, a peak from 20 h to 1 h. */
const HOURLY = [5, 3, 2, 1, 1, 1, 1, 2, 3, 4, 4, 5, 6, 5, 5, 5, 6, 7, 8, 9, 11, 12, 11, 8];
const HOURLY_TOTAL = HOURLY.reduce((a, b) => a + b, 0);

function drawMinuteOfDay(random: Random): number {
  let r = random.next() * HOURLY_TOTAL;
  let hour = 0;
  while (r >= HOURLY[hour] && hour < 23) r -= HOURLY[hour++];
  return hour * 60 + random.int(0, 59);
}

/** A city in proportion to its weight (its number of demo models). */
function drawCity(random: Random, cities: VisitCity[], total: number): VisitCity {
  let r = random.next() * total;
  for (const city of cities) {
    r -= city.weight;
    if (r < 0) return city;
  }
  return cities[cities.length - 1];
}

/**
 * Public page views over the last `days` São Paulo days: a few hundred a day, growing, with the weekly rhythm;
 * home views carry no city, city and profile views the city of a demo model (more models, more views).
 */
export function drawVisits(
  random: Random,
  { cities, today, now, days }: { cities: VisitCity[]; today: string; now: Date; days: number },
): (typeof accessLogs.$inferInsert)[] {
  const total = cities.reduce((sum, c) => sum + c.weight, 0);
  const visits: (typeof accessLogs.$inferInsert)[] = [];
  for (let age = days - 1; age >= 0; age--) {
    const day = addDays(today, -age);
    const base = 280 + (220 * (days - age)) / days;
    const count = Math.round(base * WEEKDAY_RHYTHM[weekdayOf(day)] * (0.9 + random.next() * 0.2));
    for (let i = 0; i < count; i++) {
      const createdAt = saoPauloMoment(day, drawMinuteOfDay(random));
      if (createdAt > now) continue;
      const page = random.pick(["home", "city", "city", "profile", "profile", "profile", "profile"] as const);
      if (page === "home" || total === 0) {
        visits.push({ createdAt, page });
      } else {
        const city = drawCity(random, cities, total);
        visits.push({ createdAt, page, municipioId: city.municipioId, city: city.city });
      }
    }
  }
  return visits;
}
