-- Listing filters, prices on cards and "Disponível agora" (issue 30, decision 073). New profile fields (where she
-- receives, her neighbourhood and its normalised form, her languages), the columns derived from her rates and
-- services when they are saved (price_from in cents, services_search; derived_version says which rule derived
-- them: the server derives the rows behind when it starts, so the backfill uses the same code as a save), her
-- "Disponível agora" end and the day's count of starts, and the admin's list of service names.
-- PostgreSQL refuses a new column on models while a function with an SQL-standard body takes its row type
-- (model_is_public, 0041): the rule's two functions and the triggers that call them are dropped here and
-- created again, unchanged, once the columns exist.
DROP TRIGGER "models_public_data_version_insert" ON "models";--> statement-breakpoint
DROP TRIGGER "models_public_data_version_update" ON "models";--> statement-breakpoint
DROP TRIGGER "models_public_data_version_delete" ON "models";--> statement-breakpoint
DROP FUNCTION "model_may_be_public"("models");--> statement-breakpoint
DROP FUNCTION "model_is_public"("models", date);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "receives_at" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "neighborhood" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "neighborhood_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "services_search" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "derived_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "available_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "availability_day" date;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "availability_starts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The public rule, as in 0041 (unchanged).
CREATE FUNCTION "model_is_public"(m "models", today date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN "model_is_listed"(m."is_active", m."is_verified", m."email_confirmed_at", m."deleted_at", m."moderation_status")
  AND coalesce(today < m."next_due_date", false);--> statement-breakpoint
CREATE FUNCTION "model_may_be_public"(m "models") RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
RETURN "model_is_public"(m, "sao_paulo_today"() - 2);--> statement-breakpoint
CREATE TABLE "service_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_options_name_search_unique" UNIQUE("name_search")
);
--> statement-breakpoint
-- The price orders (per city and overall) walk these; the city and relevance orders keep 0041's indexes. The few
-- models "Disponível agora" at any moment are found through the last one (relevance order, the end job).
CREATE INDEX "models_public_city_price_idx" ON "models" USING btree ("municipio_id","price_from","id","next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status");--> statement-breakpoint
CREATE INDEX "models_public_price_idx" ON "models" USING btree ("price_from","id","next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status");--> statement-breakpoint
CREATE INDEX "models_available_until_idx" ON "models" USING btree ("available_until")
  WHERE "available_until" IS NOT NULL;--> statement-breakpoint
-- The admin's service list is public (the editor and the filter read it): any change touches its tag.
CREATE OR REPLACE FUNCTION "public_change_for_service_options"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_public_change(ARRAY['service-options']);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_options_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE ON "service_options" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "public_change_for_service_options"();--> statement-breakpoint
-- A model row, as in 0041, with two more tags:
--   filters:city:<c>, filters  what filtered listings of city c (and filtered listings without a city) show: a
--                              change of a field a filter or an order reads (age, category, services, price,
--                              where she receives, neighbourhood, "Disponível agora")
-- and "Disponível agora" (available_until) also changes the relevance order of the plain lists and searches.
CREATE OR REPLACE FUNCTION "public_change_for_model"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  is_now boolean := false;
  mid integer;
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
  IF TG_OP = 'INSERT' THEN
    tags := public_membership_tags(mid, ARRAY[NEW."municipio_id"])
      || ARRAY['filters', 'filters:city:' || NEW."municipio_id"];
  ELSIF TG_OP = 'DELETE' THEN
    tags := public_membership_tags(mid, ARRAY[OLD."municipio_id"])
      || ARRAY['filters', 'filters:city:' || OLD."municipio_id"];
  ELSIF was IS DISTINCT FROM is_now
    OR (OLD."next_due_date", OLD."municipio_id", OLD."estado_id", OLD."is_featured")
      IS DISTINCT FROM (NEW."next_due_date", NEW."municipio_id", NEW."estado_id", NEW."is_featured") THEN
    tags := public_membership_tags(mid, ARRAY[
      CASE WHEN was THEN OLD."municipio_id" END, CASE WHEN is_now THEN NEW."municipio_id" END])
      || ARRAY['filters', 'filters:city:' || OLD."municipio_id", 'filters:city:' || NEW."municipio_id"];
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
      tags := tags || ARRAY['filters', 'filters:city:' || NEW."municipio_id"];
    END IF;
    IF OLD."available_until" IS DISTINCT FROM NEW."available_until" THEN
      tags := tags || ARRAY['list:all', 'list:city:' || NEW."municipio_id", 'search'];
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
  AFTER UPDATE OF "is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status",
    "next_due_date", "name", "age", "estado_id", "municipio_id", "category_id", "description", "services",
    "is_featured", "search_text", "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates",
    "receives_at", "neighborhood", "neighborhood_search", "languages", "services_search", "price_from",
    "available_until"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(OLD) OR "model_may_be_public"(NEW))
  EXECUTE FUNCTION "public_change_for_model"();
