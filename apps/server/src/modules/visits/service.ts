import type { VisitBody } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { accessLogs } from "../../db/schema";
import type { CityIndex } from "../../cache/city-index";

/**
 * Records a public page view for the admin statistics: the time, the page kind and the city ("Campo Grande
 * - MS", so that same-named cities stay apart). Nothing about the visitor (IP, user agent, account) is stored.
 * An unknown city id is recorded without a city rather than refused: the beacon is fire-and-forget.
 */
export async function recordVisit({
  db,
  cityIndex,
  body,
}: {
  db: Db;
  cityIndex: () => Promise<CityIndex>;
  body: VisitBody;
}): Promise<void> {
  const city = body.city_id ? (await cityIndex()).byId.get(body.city_id) : undefined;
  await db.insert(accessLogs).values({
    page: body.page,
    municipioId: city?.id ?? null,
    city: city ? `${city.name} - ${city.uf}` : null,
  });
}
