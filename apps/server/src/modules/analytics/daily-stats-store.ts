import { ANALYTICS_KEPT_DAYS, type ContactChannel } from "@vitrine/contracts";
import { lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { modelDailyStats, photoDailyStats } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";

/** The sums of a model's day (columns of model_daily_stats). */
const MODEL_SUMS = [
  "card_impressions",
  "card_clicks",
  "profile_views",
  "contact_whatsapp",
  "contact_phone",
  "contact_instagram",
] as const;
/** The sums of a photo's day (columns of photo_daily_stats). */
const PHOTO_SUMS = ["lightbox_opens", "cover_impressions", "cover_clicks"] as const;

type ModelDay = { model_id: number; day: string; cover_photo_id: number | null } & Record<
  (typeof MODEL_SUMS)[number],
  number
>;
type PhotoDay = { photo_id: number; model_id: number; day: string } & Record<(typeof PHOTO_SUMS)[number], number>;

const CONTACT_COLUMN = {
  whatsapp: "contact_whatsapp",
  phone: "contact_phone",
  instagram: "contact_instagram",
} as const satisfies Record<ContactChannel, (typeof MODEL_SUMS)[number]>;

/**
 * Keys (model or photo per day) held in memory between two flushes: beyond it (a database out of reach for long),
 * the increments of a new key are dropped rather than growing without bound.
 */
const MAX_PENDING_KEYS = 50_000;

const zeros = <C extends string>(columns: readonly C[]) =>
  Object.fromEntries(columns.map((c) => [c, 0])) as Record<C, number>;

/**
 * The daily totals added since the last flush, per São Paulo day: in memory only, so counting costs a request
 * nothing but a map update. `flush` writes them in one upsert per table and starts afresh; increments that could
 * not be written are kept for the next flush. Every instance keeps its own and adds them into the same rows, so
 * several instances count as one would.
 */
export type DailyStats = ReturnType<typeof createDailyStats>;

export function createDailyStats() {
  let models = new Map<string, ModelDay>();
  let photos = new Map<string, PhotoDay>();

  const full = () => models.size + photos.size >= MAX_PENDING_KEYS;

  function modelDay(modelId: number, day: string): ModelDay | undefined {
    const key = `${day}|${modelId}`;
    let row = models.get(key);
    if (!row && !full()) {
      row = { model_id: modelId, day, cover_photo_id: null, ...zeros(MODEL_SUMS) };
      models.set(key, row);
    }
    return row;
  }

  function photoDay(photoId: number, modelId: number, day: string): PhotoDay | undefined {
    const key = `${day}|${photoId}`;
    let row = photos.get(key);
    if (!row && !full()) {
      row = { photo_id: photoId, model_id: modelId, day, ...zeros(PHOTO_SUMS) };
      photos.set(key, row);
    }
    return row;
  }

  return {
    /**
     * Her card shown (impression) or clicked on a list page, with the cover photo it showed (null without one):
     * counted for her day and, for the cover, for the photo's day.
     */
    addCard(kind: "impression" | "click", modelId: number, coverPhotoId: number | null, day = todayInSaoPaulo()) {
      const row = modelDay(modelId, day);
      if (!row) return;
      row[kind === "impression" ? "card_impressions" : "card_clicks"] += 1;
      if (coverPhotoId === null) return;
      row.cover_photo_id = coverPhotoId;
      const photo = photoDay(coverPhotoId, modelId, day);
      if (photo) photo[kind === "impression" ? "cover_impressions" : "cover_clicks"] += 1;
    },
    /** A profile view, as counted for her views_count (once per visitor per day). */
    addProfileView(modelId: number, day = todayInSaoPaulo()) {
      const row = modelDay(modelId, day);
      if (row) row.profile_views += 1;
    },
    /** A contact click on a channel, as counted for her contact_count (once per visitor per day). */
    addContact(modelId: number, channel: ContactChannel, day = todayInSaoPaulo()) {
      const row = modelDay(modelId, day);
      if (row) row[CONTACT_COLUMN[channel]] += 1;
    },
    /** A photo opened in the profile's lightbox. */
    addLightboxOpen(photoId: number, modelId: number, day = todayInSaoPaulo()) {
      const row = photoDay(photoId, modelId, day);
      if (row) row.lightbox_opens += 1;
    },
    /** Keys waiting for the next flush. */
    pending: () => models.size + photos.size,
    /**
     * Writes what was added since the last flush: one upsert per table, in one transaction, rows in key order (two
     * instances flushing the same rows lock them in the same order). Rows of a model or photo deleted meanwhile
     * are left out. On a failure the increments go back into the maps (added to whatever came in since) and the
     * error is thrown.
     */
    async flush(db: Db): Promise<{ models: number; photos: number }> {
      if (models.size === 0 && photos.size === 0) return { models: 0, photos: 0 };
      const modelRows = [...models.values()].sort((a, b) => a.model_id - b.model_id || a.day.localeCompare(b.day));
      const photoRows = [...photos.values()].sort((a, b) => a.photo_id - b.photo_id || a.day.localeCompare(b.day));
      models = new Map();
      photos = new Map();
      try {
        await db.transaction(async (tx) => {
          if (modelRows.length > 0) await tx.execute(upsertModelDays(modelRows));
          if (photoRows.length > 0) await tx.execute(upsertPhotoDays(photoRows));
        });
      } catch (err) {
        for (const row of modelRows) {
          const into = modelDay(row.model_id, row.day);
          if (!into) continue;
          for (const column of MODEL_SUMS) into[column] += row[column];
          into.cover_photo_id ??= row.cover_photo_id;
        }
        for (const row of photoRows) {
          const into = photoDay(row.photo_id, row.model_id, row.day);
          if (into) for (const column of PHOTO_SUMS) into[column] += row[column];
        }
        throw err;
      }
      return { models: modelRows.length, photos: photoRows.length };
    },
  };
}

/** `"n" = s."n" + excluded."n"` for each summed column (constant names, never input). */
const addUp = (columns: readonly string[]) =>
  sql.raw(columns.map((c) => `"${c}" = s."${c}" + excluded."${c}"`).join(", "));
const integerColumns = (columns: readonly string[]) => sql.raw(columns.map((c) => `${c} integer`).join(", "));
const values = (columns: readonly string[]) => sql.raw(columns.map((c) => `v.${c}`).join(", "));
const names = (columns: readonly string[]) => sql.raw(columns.map((c) => `"${c}"`).join(", "));

/** The rows travel as one JSON parameter, whatever their number (no limit on bound parameters). */
function upsertModelDays(rows: ModelDay[]): SQL {
  return sql`
    INSERT INTO "model_daily_stats" AS s ("model_id", "day", ${names(MODEL_SUMS)}, "cover_photo_id")
    SELECT v.model_id, v.day, ${values(MODEL_SUMS)}, p.id
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS v(model_id integer, day date, ${integerColumns(MODEL_SUMS)}, cover_photo_id integer)
    JOIN "models" m ON m.id = v.model_id
    LEFT JOIN "photos" p ON p.id = v.cover_photo_id
    ORDER BY v.model_id, v.day
    ON CONFLICT ("model_id", "day") DO UPDATE SET ${addUp(MODEL_SUMS)},
      "cover_photo_id" = coalesce(excluded."cover_photo_id", s."cover_photo_id")`;
}

/** As upsertModelDays; the photo's own model is written, not the one sent. */
function upsertPhotoDays(rows: PhotoDay[]): SQL {
  return sql`
    INSERT INTO "photo_daily_stats" AS s ("photo_id", "model_id", "day", ${names(PHOTO_SUMS)})
    SELECT v.photo_id, p.model_id, v.day, ${values(PHOTO_SUMS)}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS v(photo_id integer, day date, ${integerColumns(PHOTO_SUMS)})
    JOIN "photos" p ON p.id = v.photo_id
    ORDER BY v.photo_id, v.day
    ON CONFLICT ("photo_id", "day") DO UPDATE SET ${addUp(PHOTO_SUMS)}`;
}

/**
 * Deletes the daily rows of days more than ANALYTICS_KEPT_DAYS before `today` (the scheduled clean-up); answers
 * how many rows went.
 */
export async function pruneDailyStats(db: Db, today: string): Promise<number> {
  const before = addDays(today, -ANALYTICS_KEPT_DAYS);
  const modelRows = await db
    .delete(modelDailyStats)
    .where(lt(modelDailyStats.day, before))
    .returning({ day: modelDailyStats.day });
  const photoRows = await db
    .delete(photoDailyStats)
    .where(lt(photoDailyStats.day, before))
    .returning({ day: photoDailyStats.day });
  return modelRows.length + photoRows.length;
}
