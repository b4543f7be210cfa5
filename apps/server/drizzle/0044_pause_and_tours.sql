-- Pause and tours (issue 31, decision 078).
--
-- Pause: "Pausar anúncio" sets models.paused_at and the public no longer sees her, at once; "Retomar" clears it.
-- Her plan keeps running (next_due_date does not move). The rule of who the public sees stays written once: the
-- time-independent part, model_is_listed, now also reads paused_at, so model_is_public, every public query, the
-- cache triggers and the public indexes follow it.
-- PostgreSQL refuses a new column on models while a function with an SQL-standard body takes its row type, and a
-- function cannot change its arguments while indexes use it: the triggers, the rule's three functions and the
-- public indexes are dropped here and created again (the indexes as in 0041, 0042 and 0043, on the new predicate).
DROP TRIGGER "models_public_data_version_insert" ON "models";--> statement-breakpoint
DROP TRIGGER "models_public_data_version_update" ON "models";--> statement-breakpoint
DROP TRIGGER "models_public_data_version_delete" ON "models";--> statement-breakpoint
DROP FUNCTION "model_may_be_public"("models");--> statement-breakpoint
DROP FUNCTION "model_is_public"("models", date);--> statement-breakpoint
DROP INDEX "models_public_order_idx";--> statement-breakpoint
DROP INDEX "models_public_city_idx";--> statement-breakpoint
DROP INDEX "models_public_city_price_idx";--> statement-breakpoint
DROP INDEX "models_public_price_idx";--> statement-breakpoint
DROP INDEX "models_public_filters_idx";--> statement-breakpoint
DROP FUNCTION "model_is_listed"(boolean, boolean, timestamptz, timestamptz, text);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
-- The part of the rule that does not depend on the day: active, verified, e-mail confirmed, not deleted, clear of
-- moderation and not paused by her (IMMUTABLE, its columns passed one by one: see 0041).
CREATE FUNCTION "model_is_listed"(
  is_active boolean, is_verified boolean, email_confirmed_at timestamptz, deleted_at timestamptz,
  moderation_status text, paused_at timestamptz
) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN is_active AND is_verified AND email_confirmed_at IS NOT NULL AND deleted_at IS NULL
  AND moderation_status = 'none' AND paused_at IS NULL;--> statement-breakpoint
-- The whole rule for a model row on the given day, as in 0041 with the pause.
CREATE FUNCTION "model_is_public"(m "models", today date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN "model_is_listed"(m."is_active", m."is_verified", m."email_confirmed_at", m."deleted_at", m."moderation_status",
    m."paused_at")
  AND coalesce(today < m."next_due_date", false);--> statement-breakpoint
CREATE FUNCTION "model_may_be_public"(m "models") RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
RETURN "model_is_public"(m, "sao_paulo_today"() - 2);--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at");--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at");--> statement-breakpoint
CREATE INDEX "models_public_city_price_idx" ON "models" USING btree ("municipio_id","price_from","id","next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at");--> statement-breakpoint
CREATE INDEX "models_public_price_idx" ON "models" USING btree ("price_from","id","next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at");--> statement-breakpoint
CREATE INDEX "models_public_filters_idx" ON "models" USING btree ("municipio_id","is_featured","id","next_due_date")
  INCLUDE ("price_from","age","category_id","receives_at","services_search","neighborhood_search","available_until",
    "views_count","is_verified")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at");--> statement-breakpoint
-- Tours: she is listed in another city from starts_on to ends_on (São Paulo days, both included). Compared with
-- the day on every read, so a tour starts and ends by itself (the public cache's entries live one day).
CREATE TABLE "tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"municipio_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_dates_check" CHECK ("ends_on" >= "starts_on")
);
--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_municipio_id_municipios_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Her tours (the dashboard, the card's label); a city's tours covering a day (the city listing).
CREATE INDEX "tours_model_idx" ON "tours" USING btree ("model_id","ends_on");--> statement-breakpoint
CREATE INDEX "tours_city_idx" ON "tours" USING btree ("municipio_id","ends_on","starts_on") INCLUDE ("model_id");--> statement-breakpoint
-- The cities where she is or will be on tour, by the triggers' margin day (a spare invalidation is harmless).
CREATE FUNCTION "model_tour_city_ids"(mid integer) RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT DISTINCT t."municipio_id" FROM "tours" t
  WHERE t."model_id" = mid AND t."ends_on" >= "sao_paulo_today"() - 2);--> statement-breakpoint
-- One tag per city: prefix || city id (nulls left out).
CREATE FUNCTION "city_tags"(prefix text, city_ids integer[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(ARRAY(SELECT DISTINCT prefix || c FROM unnest(city_ids) AS c WHERE c IS NOT NULL), '{}'::text[]);--> statement-breakpoint
-- A model row, as in 0042, where every city tag also names the cities of her tours (she is listed there too).
CREATE OR REPLACE FUNCTION "public_change_for_model"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  is_now boolean := false;
  mid integer;
  touring integer[];
  tags text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was := "model_may_be_public"(OLD);
    mid := OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_now := "model_may_be_public"(NEW);
    mid := NEW."id";
  END IF;
  IF NOT was AND NOT is_now THEN
    RETURN NULL;
  END IF;
  touring := "model_tour_city_ids"(mid);
  IF TG_OP = 'INSERT' THEN
    tags := public_membership_tags(mid, ARRAY[NEW."municipio_id"] || touring)
      || 'filters'::text || city_tags('filters:city:', ARRAY[NEW."municipio_id"] || touring);
  ELSIF TG_OP = 'DELETE' THEN
    tags := public_membership_tags(mid, ARRAY[OLD."municipio_id"] || touring)
      || 'filters'::text || city_tags('filters:city:', ARRAY[OLD."municipio_id"] || touring);
  ELSIF was IS DISTINCT FROM is_now
    OR (OLD."next_due_date", OLD."municipio_id", OLD."estado_id", OLD."is_featured")
      IS DISTINCT FROM (NEW."next_due_date", NEW."municipio_id", NEW."estado_id", NEW."is_featured") THEN
    tags := public_membership_tags(mid, ARRAY[
      CASE WHEN was THEN OLD."municipio_id" END, CASE WHEN is_now THEN NEW."municipio_id" END] || touring)
      || 'filters'::text || city_tags('filters:city:', ARRAY[OLD."municipio_id", NEW."municipio_id"] || touring);
  ELSE
    tags := ARRAY['model:' || mid, 'models'];
    IF (OLD."name", OLD."age", OLD."category_id", OLD."description", OLD."services", OLD."price_from",
        OLD."receives_at", OLD."neighborhood", OLD."available_until")
      IS DISTINCT FROM (NEW."name", NEW."age", NEW."category_id", NEW."description", NEW."services",
        NEW."price_from", NEW."receives_at", NEW."neighborhood", NEW."available_until") THEN
      tags := tags || ('card:' || mid);
    END IF;
    IF (OLD."age", OLD."category_id", OLD."services_search", OLD."price_from", OLD."receives_at",
        OLD."neighborhood_search", OLD."available_until")
      IS DISTINCT FROM (NEW."age", NEW."category_id", NEW."services_search", NEW."price_from", NEW."receives_at",
        NEW."neighborhood_search", NEW."available_until") THEN
      tags := tags || 'filters'::text || city_tags('filters:city:', ARRAY[NEW."municipio_id"] || touring);
    END IF;
    IF OLD."available_until" IS DISTINCT FROM NEW."available_until" THEN
      tags := tags || ARRAY['list:all', 'search'] || city_tags('list:city:', ARRAY[NEW."municipio_id"] || touring);
    ELSIF OLD."search_text" IS DISTINCT FROM NEW."search_text" THEN
      tags := tags || 'search'::text;
    END IF;
  END IF;
  PERFORM note_public_change(tags);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_insert"
  AFTER INSERT ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(NEW))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_delete"
  AFTER DELETE ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(OLD))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
-- Watches every column model_is_public reads (a server test compares this list with the function's columns)
-- and every column the public pages show or filter on.
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status", "paused_at",
    "next_due_date", "name", "age", "estado_id", "municipio_id", "category_id", "description", "services",
    "is_featured", "search_text", "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates",
    "receives_at", "neighborhood", "neighborhood_search", "languages", "services_search", "price_from",
    "available_until"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(OLD) OR "model_may_be_public"(NEW))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
-- A tour added, changed or removed while she may be public: her card and profile (the label), and in the tour's
-- city and her own the list, its count, the filtered lists and the per-city counts.
CREATE OR REPLACE FUNCTION "public_change_for_tour"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cities integer[];
  mid integer;
  home integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    cities := ARRAY[NEW."municipio_id"];
    mid := NEW."model_id";
  ELSIF TG_OP = 'DELETE' THEN
    cities := ARRAY[OLD."municipio_id"];
    mid := OLD."model_id";
  ELSE
    cities := ARRAY[OLD."municipio_id", NEW."municipio_id"];
    mid := NEW."model_id";
  END IF;
  SELECT m."municipio_id" INTO home FROM "models" m WHERE m."id" = mid AND "model_may_be_public"(m);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  cities := cities || home;
  PERFORM note_public_change(ARRAY['model:' || mid, 'card:' || mid, 'cities', 'filters']
    || city_tags('list:city:', cities) || city_tags('filters:city:', cities));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tours_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE ON "tours" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "public_change_for_tour"();
