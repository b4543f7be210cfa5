-- The public settings (site name and address, contacts, footer texts) appear on every server-rendered page and
-- are read from the public cache, so a change to a setting moves the public data version like a change to a
-- public model. Any settings row counts: they change rarely, and a spare bump only rebuilds the caches.
CREATE CONSTRAINT TRIGGER "settings_public_data_version"
  AFTER INSERT OR DELETE OR UPDATE ON "settings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_public_data_version"();--> statement-breakpoint
CREATE TRIGGER "settings_public_data_version_truncate" AFTER TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
