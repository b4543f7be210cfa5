import { MODEL_NOT_FOUND, type PublicModelResponse, PublicModelResponseSchema } from "@vitrine/contracts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { todayInSaoPaulo } from "../../lib/dates";
import type { Db } from "../../db/client";
import { models, photos, products } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { type PublicCache, publicTags } from "../../cache/public-cache";
import { withPlace } from "../models/model-query";
import { isPubliclyVisible } from "../models/visibility";
import { photoColumns, presentProduct, presentProfile, productColumns, profileColumns } from "./present";
import { perDatabase } from "../../db/per-database";

/** Id of the model when it is publicly visible; a hidden model is as unknown as a missing one. */
export async function findVisibleModelId({ db, id }: { db: Db; id: number }): Promise<number> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, id), isPubliclyVisible()));
  if (!row) throw notFound(MODEL_NOT_FOUND);
  return row.id;
}

/** The profile's statements, prepared once per connection (a cache miss then costs no planning). */
function createPrepared(db: Db) {
  const id = sql.placeholder("id");
  return {
    profile: withPlace(db.select(profileColumns).from(models).$dynamic())
      .where(and(eq(models.id, id), isPubliclyVisible(sql.placeholder("today"))))
      .prepare("public_profile"),
    photos: db
      .select(photoColumns)
      .from(photos)
      .where(and(eq(photos.modelId, id), eq(photos.isPublic, true)))
      .orderBy(desc(photos.isPrimary), asc(photos.id))
      .prepare("public_profile_photos"),
    products: db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.modelId, id), eq(products.isActive, true)))
      .orderBy(asc(products.id))
      .prepare("public_profile_products"),
  };
}

const prepared = perDatabase(createPrepared);

/** GET /api/models/public/:id: the profile, its public photos (primary first) and active products. */
export async function getPublicProfile({ db, id }: { db: Db; id: number }): Promise<PublicModelResponse> {
  const statements = prepared(db);
  const [row] = await statements.profile.execute({ id, today: todayInSaoPaulo() });
  if (!row) throw notFound(MODEL_NOT_FOUND);

  const [photoRows, productRows] = await Promise.all([
    statements.photos.execute({ id }),
    statements.products.execute({ id }),
  ]);
  return { model: presentProfile(row), photos: photoRows, products: productRows.map(presentProduct) };
}

/**
 * A visible profile as kept in the public cache: the checked response, the bytes sent (rebuilt only when this
 * server counts a view) and the views shown. The body is the same Buffer on every hit, so its ETag and
 * compressed forms are computed once.
 */
export type CachedProfile = { id: number; profile: PublicModelResponse; views: number; body: Buffer };

/** Unknown and hidden ids remembered per data version, bounded so a flood of random ids cannot grow it. */
const MAX_MISSING = 100_000;
const missingByCache = new WeakMap<PublicCache, Map<number, string>>();

/**
 * The profile under the public data version: built once per version (and refreshed after the cache TTL so
 * counters move), shared by every visitor. Every change a visitor could see on a profile (the model's public
 * columns, its public photos, its active products, its category) moves the version (migrations 0002, 0005, 0011),
 * so a hidden model answers 404 on the next read. Hidden and unknown ids are remembered too (until the version
 * moves), so repeating them costs no query.
 */
export async function getCachedProfile({
  db,
  cache,
  id,
}: {
  db: Db;
  cache: PublicCache;
  id: number;
}): Promise<CachedProfile> {
  let missing = missingByCache.get(cache);
  if (!missing) {
    missing = new Map();
    missingByCache.set(cache, missing);
  }
  const version = await cache.currentVersion();
  if (missing.get(id) === version) throw notFound(MODEL_NOT_FOUND);
  try {
    // A 404 is not stored in the public cache (random ids must not push the listings out), only in `missing`.
    return await cache.get<CachedProfile>(
      `profile|${id}`,
      async () => {
        const profile = PublicModelResponseSchema.parse(await getPublicProfile({ db, id }));
        return { id, profile, views: profile.model.views_count, body: Buffer.from(JSON.stringify(profile)) };
      },
      { weigh: (value) => 512 + value.body.length * 3, tags: [publicTags.model(id)] },
    );
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      if (missing.size >= MAX_MISSING) missing.clear();
      missing.set(id, version);
    }
    throw err;
  }
}

/**
 * A view counted by this request shows at once: the cached entry (shared by later visitors until it is rebuilt
 * from the database) gets the new count and a new body.
 */
export function addCountedView(entry: CachedProfile): Buffer {
  entry.views += 1;
  const { profile } = entry;
  entry.body = Buffer.from(JSON.stringify({ ...profile, model: { ...profile.model, views_count: entry.views } }));
  return entry.body;
}
