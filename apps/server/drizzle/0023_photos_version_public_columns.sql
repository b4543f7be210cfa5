-- A public photo's update moves the public data version only when something the public sees of it changes: whether
-- it is public, whether it is the main photo, its owner, its file and its size. Fingerprints and crop hashes
-- (filled in by the photo-fingerprints job for every stored photo) and moderation bookkeeping are not public data,
-- so writing them must not empty the public cache nor tell open pages to refresh.
DROP TRIGGER IF EXISTS "photos_public_data_version_update" ON "photos";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_public_data_version_update"
  AFTER UPDATE ON "photos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD."is_public" OR NEW."is_public")
    AND (OLD."is_public", OLD."is_primary", OLD."model_id", OLD."filename", OLD."width", OLD."height")
      IS DISTINCT FROM (NEW."is_public", NEW."is_primary", NEW."model_id", NEW."filename", NEW."width", NEW."height")
  )
  EXECUTE FUNCTION "bump_public_data_version"();
