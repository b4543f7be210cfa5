-- The public data version moves only for rows the public can see (or could see before the change): a hidden
-- model registering, editing or uploading private photos no longer empties every cached public list.
-- "May be public" is generous around the date (two days of margin for the São Paulo day vs the database's):
-- a spare bump is harmless, a missing one would serve stale lists.
DROP TRIGGER IF EXISTS "models_public_data_version" ON "models";--> statement-breakpoint
DROP TRIGGER IF EXISTS "photos_public_data_version" ON "photos";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_insert"
  AFTER INSERT ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2)
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
     OR (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2))
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_delete"
  AFTER DELETE ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_insert"
  AFTER INSERT ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."is_public")
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_update"
  AFTER UPDATE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_public" OR NEW."is_public")
  EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_delete"
  AFTER DELETE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_public")
  EXECUTE FUNCTION "bump_public_data_version"();
