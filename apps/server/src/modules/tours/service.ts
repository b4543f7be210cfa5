import {
  addDaysToDate,
  type OwnTour,
  TOUR_HOME_CITY_MESSAGE,
  TOUR_NOT_FOUND_MESSAGE,
  TOUR_OVERLAP_MESSAGE,
  TOUR_START_FAR_MESSAGE,
  TOUR_START_PAST_MESSAGE,
  TOUR_START_WITHIN_DAYS,
  type TourBody,
  TOURS_LIMIT_MESSAGE,
  TOURS_MAX,
} from "@vitrine/contracts";
import { and, asc, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { estados, models, municipios, tours } from "../../db/schema";
import { conflict, notFound, validationError } from "../../lib/app-error";
import { todayInSaoPaulo } from "../../lib/dates";
import { lockModel } from "../models/lock-model";
import { recordModelChange } from "../models/publish";

const ownTourColumns = {
  id: tours.id,
  cityId: tours.municipioId,
  cityName: municipios.nome,
  citySlug: municipios.slug,
  uf: estados.uf,
  startsOn: tours.startsOn,
  endsOn: tours.endsOn,
};

type OwnTourRow = {
  id: number;
  cityId: number;
  cityName: string;
  citySlug: string;
  uf: string;
  startsOn: string;
  endsOn: string;
};

function presentOwnTour(row: OwnTourRow, today: string): OwnTour {
  return {
    id: row.id,
    city_id: row.cityId,
    city_name: row.cityName,
    state: row.uf,
    city_slug: row.citySlug,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    status: row.startsOn <= today ? "active" : "upcoming",
  };
}

/** Her tours that have not ended by `today` (São Paulo), soonest first. */
export async function listOwnTours({
  db,
  modelId,
  today = todayInSaoPaulo(),
}: {
  db: Db;
  modelId: number;
  today?: string;
}): Promise<OwnTour[]> {
  const rows = await db
    .select(ownTourColumns)
    .from(tours)
    .innerJoin(municipios, eq(municipios.id, tours.municipioId))
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .where(and(eq(tours.modelId, modelId), gte(tours.endsOn, today)))
    .orderBy(asc(tours.startsOn), asc(tours.id));
  return rows.map((row) => presentOwnTour(row, today));
}

/**
 * Adds a tour: another IBGE city than hers, starting today or within TOUR_START_WITHIN_DAYS (the body's own checks
 * are the contract's: end not before start, at most TOUR_DAYS_MAX days after it). At most TOURS_MAX tours not
 * ended, none overlapping another of hers (she is in one place at a time), counted under her row's lock so that two
 * requests at once cannot both pass.
 */
export async function addTour(app: FastifyInstance, modelId: number, body: TourBody): Promise<OwnTour> {
  const today = todayInSaoPaulo();
  const input = { municipioId: Number(body.municipio_id), startsOn: body.starts_on, endsOn: body.ends_on };
  if (input.startsOn < today) throw validationError([{ path: "starts_on", message: TOUR_START_PAST_MESSAGE }]);
  if (input.startsOn > addDaysToDate(today, TOUR_START_WITHIN_DAYS)) {
    throw validationError([{ path: "starts_on", message: TOUR_START_FAR_MESSAGE }]);
  }
  const id = await app.db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const [city] = await tx.select({ id: municipios.id }).from(municipios).where(eq(municipios.id, input.municipioId));
    if (!city) throw validationError([{ path: "municipio_id", message: "Município inválido" }]);
    const [home] = await tx.select({ cityId: models.municipioId }).from(models).where(eq(models.id, modelId));
    if (home?.cityId === input.municipioId) {
      throw validationError([{ path: "municipio_id", message: TOUR_HOME_CITY_MESSAGE }]);
    }
    const pending = await tx
      .select({ startsOn: tours.startsOn, endsOn: tours.endsOn })
      .from(tours)
      .where(and(eq(tours.modelId, modelId), gte(tours.endsOn, today)));
    if (pending.length >= TOURS_MAX) throw conflict(TOURS_LIMIT_MESSAGE);
    if (pending.some((t) => t.startsOn <= input.endsOn && input.startsOn <= t.endsOn)) {
      throw conflict(TOUR_OVERLAP_MESSAGE);
    }
    const [row] = await tx
      .insert(tours)
      .values({ modelId, ...input })
      .returning({ id: tours.id });
    await recordModelChange(tx, modelId);
    return row!.id;
  });
  await app.events.deliver();
  const added = (await listOwnTours({ db: app.db, modelId, today })).find((t) => t.id === id);
  if (!added) throw notFound(TOUR_NOT_FOUND_MESSAGE);
  return added;
}

/** Removes one of her tours (an upcoming one, or one under way: it ends at once); another's or none is 404. */
export async function removeTour(app: FastifyInstance, modelId: number, tourId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(tours)
      .where(and(eq(tours.id, tourId), eq(tours.modelId, modelId)))
      .returning({ id: tours.id });
    if (removed.length === 0) throw notFound(TOUR_NOT_FOUND_MESSAGE);
    await recordModelChange(tx, modelId);
  });
  await app.events.deliver();
}
