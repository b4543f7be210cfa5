-- The public profile is cached under the public data version too, so every column it shows moves the version:
-- the model's update trigger now also watches the profile-only columns (height, weight, measurements, contacts,
-- rates, verified badge), and products bump it while active and belonging to a model that may be public. Same
-- margin as 0005 (two days around the date): a spare bump is harmless, a missing one would serve a stale profile.
DROP TRIGGER IF EXISTS "models_public_data_version_update" ON "models";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text",
    "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates", "is_verified"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
     OR (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2))
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
-- A product change is public when its model may be public (checked at commit, like the other triggers). A
-- trigger's WHEN cannot read another table, so the function checks the model before bumping.
CREATE OR REPLACE FUNCTION "bump_public_data_version_for_product"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  model_ids integer[];
BEGIN
  IF current_setting('vitrine.public_data_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    model_ids := ARRAY[NEW."model_id"];
  ELSIF TG_OP = 'DELETE' THEN
    model_ids := ARRAY[OLD."model_id"];
  ELSE
    model_ids := ARRAY[OLD."model_id", NEW."model_id"];
  END IF;
  IF EXISTS (
    SELECT 1 FROM "models" m
    WHERE m."id" = ANY (model_ids)
      AND m."is_active" AND m."deleted_at" IS NULL AND m."next_due_date" >= current_date - 2
  ) THEN
    PERFORM set_config('vitrine.public_data_bumped', 'on', true);
    UPDATE "public_data_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_public_data_version_insert"
  AFTER INSERT ON "products" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."is_active")
  EXECUTE FUNCTION "bump_public_data_version_for_product"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_public_data_version_update"
  AFTER UPDATE ON "products" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_active" OR NEW."is_active")
  EXECUTE FUNCTION "bump_public_data_version_for_product"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_public_data_version_delete"
  AFTER DELETE ON "products" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_active")
  EXECUTE FUNCTION "bump_public_data_version_for_product"();
