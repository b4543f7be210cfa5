import type { PublicTour } from "@vitrine/contracts";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, tours } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";

/**
 * The tours' reads that other features use: where a city lists a model (the listing) and the tour a public card
 * carries (public-models/present.ts).
 */
/** A city id or a day as a query takes it: a value, or a prepared statement's placeholder. */
type Param<T> = T | Placeholder;

/** Her tour in city `cityId` covers `today` (a São Paulo day): starts_on ≤ today ≤ ends_on. */
function tourHere(cityId: Param<number>, today: Param<string>): SQL {
  return sql`${tours.municipioId} = ${cityId} and ${tours.startsOn} <= ${today}::date and ${tours.endsOn} >= ${today}::date`;
}

/**
 * Where a city lists a model (to AND with isPubliclyVisible(today) on a query of `models` under its own name): her
 * own city, or a tour of hers in that city covering `today`. A tour starts and ends by itself: the day is compared
 * on every read, and the public cache's entries live one São Paulo day.
 */
export function listedInCity(cityId: Param<number>, today: Param<string>): SQL {
  return sql`(${models.municipioId} = ${cityId} or exists (select 1 from ${tours} where ${tours.modelId} = ${models.id} and ${tourHere(cityId, today)}))`;
}

/**
 * The ids of the models on tour in `cityId` on `today` (public or not: AND the result with the public rule), read
 * from the tours' city index. A city has few, usually none: with none, a listing keeps its plain city condition.
 */
export async function touringModelIds(db: Db, cityId: number, today: string): Promise<number[]> {
  const rows = await db.selectDistinct({ id: tours.modelId }).from(tours).where(tourHere(cityId, today));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The city condition given touringModelIds' answer: her own city, or one of those ids. With no ids it is the plain
 * `municipio_id = city` (the public city indexes answer it as before); with some, PostgreSQL ORs the city index
 * and the primary key.
 */
export function inCityOrTouring(cityId: Param<number>, touringIds: readonly number[]): SQL {
  const home = sql`${models.municipioId} = ${cityId}`;
  if (touringIds.length === 0) return home;
  return sql`(${home} or ${models.id} = any(${`{${touringIds.join(",")}}`}::int[]))`;
}

/** One of her tours as the card's column carries it (json_build_object below). */
type TourCell = PublicTour;

/**
 * A card column: her tours that have not ended by the database's São Paulo day minus one (a server's day may run
 * ahead of the database's), at most TOURS_MAX, as JSON. Which one is under way is decided by currentTour with the
 * server's day, the day the public cache keeps its entries for. Written on `models` under its own name.
 */
export const toursColumn = sql<TourCell[] | string | null>`(
  select json_agg(json_build_object('city_id', t.municipio_id, 'city_name', tm.nome, 'state', te.uf,
    'city_slug', tm.slug, 'starts_on', t.starts_on, 'ends_on', t.ends_on) order by t.starts_on)
  from tours t join municipios tm on tm.id = t.municipio_id join estados te on te.id = tm.estado_id
  where t.model_id = ${models.id} and t.ends_on >= sao_paulo_today() - 1)`;

/** Her tour under way on `today` (starts_on ≤ today ≤ ends_on), or null: her tours never overlap. */
export function currentTour(
  cell: TourCell[] | string | null | undefined,
  today: string = todayInSaoPaulo(),
): PublicTour | null {
  if (!cell) return null;
  const list: TourCell[] = typeof cell === "string" ? (JSON.parse(cell) as TourCell[]) : cell;
  const tour = list.find((t) => t.starts_on <= today && today <= t.ends_on);
  return tour
    ? {
        city_id: tour.city_id,
        city_name: tour.city_name,
        state: tour.state,
        city_slug: tour.city_slug,
        starts_on: tour.starts_on,
        ends_on: tour.ends_on,
      }
    : null;
}
