/** Tours: the other cities a model is listed in for a few days (modules/tours, migration 0044). */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial } from "drizzle-orm/pg-core";
import { models } from "./accounts";
import { municipios } from "./catalog";
import { createdAt } from "./columns";

/**
 * She is listed in `municipioId` from `startsOn` to `endsOn` (São Paulo days, both included), besides her own city.
 * Compared with the day on every read, so a tour starts and ends by itself.
 */
export const tours = pgTable(
  "tours",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    municipioId: integer("municipio_id")
      .notNull()
      .references(() => municipios.id),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("tours_model_idx").on(t.modelId, t.endsOn),
    index("tours_city_idx").on(t.municipioId, t.endsOn, t.startsOn),
    check("tours_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export type TourRow = typeof tours.$inferSelect;
