-- What each public data change touches (decision 050). The one-row public_data_version still moves once per
-- transaction, at commit, under its row lock (so versions commit in order); the transaction also writes the tags
-- of what it changed under its version into public_changes, and each server's public cache drops only the entries
-- that depend on those tags. The tags:
--   all            everything public (settings, categories, a truncate, anything without a finer rule)
--   model:<id>     her profile (its fields, public photos, active products, visibility)
--   card:<id>      her card in lists (name, age, category, description, services, main photo, city, badge)
--   list:all       which models the unfiltered listing and home show, and their order
--   list:city:<c>  which models city c lists, their order and its count
--   search         which models any text search finds
--   cities         the per-city counts (city lists, states, city search)
--   models         anything public about any model (the sitemap)
CREATE TABLE "public_changes" (
	"version" bigint NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "public_changes_pkey" PRIMARY KEY("version","tag")
);
--> statement-breakpoint
-- Changes up to this version may have been pruned (jobs/cleanup.ts): a cache that saw only older ones drops
-- everything. The versions before this migration have no tags.
ALTER TABLE "public_data_version" ADD COLUMN "pruned_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "public_data_version" SET "pruned_through" = "version";--> statement-breakpoint
-- Records a public change of the current transaction: moves the version the first time (the transaction's
-- version is kept in a transaction-local setting) and writes the tags under it.
CREATE OR REPLACE FUNCTION "note_public_change"(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := current_setting('vitrine.public_change_version', true);
  v bigint;
BEGIN
  IF noted IS NULL OR noted = '' THEN
    UPDATE "public_data_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1
      RETURNING "version" INTO v;
    PERFORM set_config('vitrine.public_change_version', v::text, true);
  ELSE
    v := noted::bigint;
  END IF;
  INSERT INTO "public_changes" ("version", "tag")
    SELECT v, t FROM unnest(tags) AS t WHERE t IS NOT NULL
    ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
-- Everything a model's visibility, city or place in the listing order touches: her profile and card, the
-- unfiltered list, searches, the counts, and the lists of the given cities (where she was and where she is).
CREATE OR REPLACE FUNCTION "public_membership_tags"(model_id integer, city_ids integer[]) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['model:' || model_id, 'card:' || model_id, 'models', 'list:all', 'search', 'cities']
    || coalesce((SELECT array_agg(DISTINCT 'list:city:' || c) FROM unnest(city_ids) AS c WHERE c IS NOT NULL),
                '{}'::text[])
$$;--> statement-breakpoint
-- Anything without a finer rule (settings, categories, truncates) touches everything.
CREATE OR REPLACE FUNCTION "bump_public_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_public_change(ARRAY['all']);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A model row: nothing when she was and is hidden (the visibility rule of modules/models/visibility.ts, with the
-- two days of margin of 0005 on the date); a change of visibility, city, state, featured flag or due date touches
-- her membership (old and new city); a card field touches her card; search_text the searches; any other public
-- column (height, weight, measurements, contacts, rates) only her profile.
CREATE OR REPLACE FUNCTION "public_change_for_model"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  is_now boolean := false;
  mid integer;
  tags text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was := coalesce(OLD."is_active" AND OLD."is_verified" AND OLD."email_confirmed_at" IS NOT NULL
      AND OLD."deleted_at" IS NULL AND OLD."moderation_status" = 'none'
      AND OLD."next_due_date" >= current_date - 2, false);
    mid := OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_now := coalesce(NEW."is_active" AND NEW."is_verified" AND NEW."email_confirmed_at" IS NOT NULL
      AND NEW."deleted_at" IS NULL AND NEW."moderation_status" = 'none'
      AND NEW."next_due_date" >= current_date - 2, false);
    mid := NEW."id";
  END IF;
  IF NOT was AND NOT is_now THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    tags := public_membership_tags(mid, ARRAY[NEW."municipio_id"]);
  ELSIF TG_OP = 'DELETE' THEN
    tags := public_membership_tags(mid, ARRAY[OLD."municipio_id"]);
  ELSIF was IS DISTINCT FROM is_now
    OR (OLD."is_active", OLD."is_verified", OLD."email_confirmed_at", OLD."deleted_at", OLD."moderation_status",
        OLD."next_due_date", OLD."municipio_id", OLD."estado_id", OLD."is_featured")
      IS DISTINCT FROM
       (NEW."is_active", NEW."is_verified", NEW."email_confirmed_at", NEW."deleted_at", NEW."moderation_status",
        NEW."next_due_date", NEW."municipio_id", NEW."estado_id", NEW."is_featured") THEN
    tags := public_membership_tags(mid, ARRAY[
      CASE WHEN was THEN OLD."municipio_id" END, CASE WHEN is_now THEN NEW."municipio_id" END]);
  ELSE
    tags := ARRAY['model:' || mid, 'models'];
    IF (OLD."name", OLD."age", OLD."category_id", OLD."description", OLD."services")
      IS DISTINCT FROM (NEW."name", NEW."age", NEW."category_id", NEW."description", NEW."services") THEN
      tags := tags || ('card:' || mid);
    END IF;
    IF OLD."search_text" IS DISTINCT FROM NEW."search_text" THEN
      tags := tags || 'search'::text;
    END IF;
  END IF;
  PERFORM note_public_change(tags);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "models_public_data_version_insert" ON "models";--> statement-breakpoint
DROP TRIGGER IF EXISTS "models_public_data_version_update" ON "models";--> statement-breakpoint
DROP TRIGGER IF EXISTS "models_public_data_version_delete" ON "models";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_insert"
  AFTER INSERT ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2)
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text",
    "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates", "is_verified",
    "moderation_status", "email_confirmed_at"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
     OR (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_delete"
  AFTER DELETE ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
-- A public photo touches its model's profile, and her card when it is or was the main photo.
CREATE OR REPLACE FUNCTION "public_change_for_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    tags := tags || ('model:' || OLD."model_id");
    IF OLD."is_primary" THEN tags := tags || ('card:' || OLD."model_id"); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || ('model:' || NEW."model_id");
    IF NEW."is_primary" THEN tags := tags || ('card:' || NEW."model_id"); END IF;
  END IF;
  PERFORM note_public_change(tags);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "photos_public_data_version_insert" ON "photos";--> statement-breakpoint
DROP TRIGGER IF EXISTS "photos_public_data_version_update" ON "photos";--> statement-breakpoint
DROP TRIGGER IF EXISTS "photos_public_data_version_delete" ON "photos";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_insert"
  AFTER INSERT ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."is_public")
  EXECUTE FUNCTION "public_change_for_photo"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_update"
  AFTER UPDATE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD."is_public" OR NEW."is_public")
    AND (OLD."is_public", OLD."is_primary", OLD."model_id", OLD."filename", OLD."width", OLD."height")
      IS DISTINCT FROM (NEW."is_public", NEW."is_primary", NEW."model_id", NEW."filename", NEW."width", NEW."height")
  )
  EXECUTE FUNCTION "public_change_for_photo"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_delete"
  AFTER DELETE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_public")
  EXECUTE FUNCTION "public_change_for_photo"();--> statement-breakpoint
-- An active product touches the profile of its model while she may be public (checked at commit, as in 0011).
CREATE OR REPLACE FUNCTION "bump_public_data_version_for_product"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  model_ids integer[];
  tags text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    model_ids := ARRAY[NEW."model_id"];
  ELSIF TG_OP = 'DELETE' THEN
    model_ids := ARRAY[OLD."model_id"];
  ELSE
    model_ids := ARRAY[OLD."model_id", NEW."model_id"];
  END IF;
  SELECT array_agg(DISTINCT 'model:' || m."id") INTO tags FROM "models" m
    WHERE m."id" = ANY (model_ids)
      AND m."is_active" AND m."deleted_at" IS NULL AND m."next_due_date" >= current_date - 2;
  IF tags IS NOT NULL THEN
    PERFORM note_public_change(tags);
  END IF;
  RETURN NULL;
END
$$;
