-- The rule of who the public sees, written once (decision 067). A model is public only while she is active,
-- verified (her identity checked), with her e-mail confirmed, not deleted, clear of moderation (none) and with a
-- valid plan: São Paulo's today < next_due_date. Every public query (through modules/models/visibility.ts), the
-- cache-invalidation triggers and the public indexes call these functions instead of restating the rule.
--
-- model_is_listed: the part that does not depend on the day, a function of the columns it reads (IMMUTABLE, so
-- that the partial indexes can use it as their predicate; its columns passed one by one, since a whole-row
-- reference in an index would make every update of a model a non-HOT update).
CREATE OR REPLACE FUNCTION "model_is_listed"(
  is_active boolean, is_verified boolean, email_confirmed_at timestamptz, deleted_at timestamptz,
  moderation_status text
) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN is_active AND is_verified AND email_confirmed_at IS NOT NULL AND deleted_at IS NULL
  AND moderation_status = 'none';--> statement-breakpoint
-- model_is_public: the whole rule for a model row on the given day (the caller says which day is today, so the
-- function stays IMMUTABLE and the planner inlines it: the queries' index use is unchanged). Written as an SQL
-- standard body, so PostgreSQL records which columns of models it reads (pg_depend): a test compares them with
-- the columns the update trigger watches.
CREATE OR REPLACE FUNCTION "model_is_public"(m "models", today date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN "model_is_listed"(m."is_active", m."is_verified", m."email_confirmed_at", m."deleted_at", m."moderation_status")
  AND coalesce(today < m."next_due_date", false);--> statement-breakpoint
-- São Paulo's calendar day, the day of the plan rule.
CREATE OR REPLACE FUNCTION "sao_paulo_today"() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE
RETURN (now() AT TIME ZONE 'America/Sao_Paulo')::date;--> statement-breakpoint
-- Whether she may be public on a day some server takes as today: public from two days ago on. The triggers use
-- this margin (a server's clock, its day and the database's may differ around midnight): a spare invalidation
-- is harmless, a missing one would serve a stale page.
CREATE OR REPLACE FUNCTION "model_may_be_public"(m "models") RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
RETURN "model_is_public"(m, "sao_paulo_today"() - 2);--> statement-breakpoint
-- The public indexes cover the time-independent part through the function; the queries add the day (their
-- next_due_date is a key column, so the day is checked from the index alone).
DROP INDEX IF EXISTS "models_public_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "models_public_city_idx";--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status");--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status");--> statement-breakpoint
-- A model row (0033's tags, the rule now through model_may_be_public): nothing when she neither was nor is
-- possibly public; a change of her public answer, of the day her plan ends, of her city, state or featured flag
-- touches her membership (old and new city); a card field touches her card; search_text the searches; any other
-- public column only her profile.
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
    tags := public_membership_tags(mid, ARRAY[NEW."municipio_id"]);
  ELSIF TG_OP = 'DELETE' THEN
    tags := public_membership_tags(mid, ARRAY[OLD."municipio_id"]);
  ELSIF was IS DISTINCT FROM is_now
    OR (OLD."next_due_date", OLD."municipio_id", OLD."estado_id", OLD."is_featured")
      IS DISTINCT FROM (NEW."next_due_date", NEW."municipio_id", NEW."estado_id", NEW."is_featured") THEN
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
  FOR EACH ROW WHEN ("model_may_be_public"(NEW))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
-- Watches every column model_is_public reads (a server test compares this list with the function's columns)
-- and every column the public pages show.
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status",
    "next_due_date", "name", "age", "estado_id", "municipio_id", "category_id", "description", "services",
    "is_featured", "search_text", "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(OLD) OR "model_may_be_public"(NEW))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_delete"
  AFTER DELETE ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ("model_may_be_public"(OLD))
  EXECUTE FUNCTION "public_change_for_model"();--> statement-breakpoint
-- An active product touches the profile of its model while she may be public (checked at commit, as in 0033).
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
    WHERE m."id" = ANY (model_ids) AND "model_may_be_public"(m);
  IF tags IS NOT NULL THEN
    PERFORM note_public_change(tags);
  END IF;
  RETURN NULL;
END
$$;
