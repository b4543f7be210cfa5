CREATE TABLE "public_data_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "models_public_order_idx";--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS LAST,"id" DESC NULLS LAST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS LAST,"id" DESC NULLS LAST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null;--> statement-breakpoint
INSERT INTO "public_data_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Moves the public data version once per transaction that changed public data. It runs as a deferred
-- constraint trigger, at commit: the version row is the last lock a writer takes, so it cannot deadlock with
-- other writers, and readers see the new version together with the new data.
CREATE OR REPLACE FUNCTION "bump_public_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vitrine.public_data_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('vitrine.public_data_bumped', 'on', true);
  UPDATE "public_data_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE ON "categories" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "models_public_data_version_truncate" AFTER TRUNCATE ON "models"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
