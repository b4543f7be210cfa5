DROP INDEX "blocked_photo_fingerprints_photo_uq";--> statement-breakpoint
ALTER TABLE "blocked_photo_fingerprints" ADD COLUMN "variant" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "crop_hashes" bigint[];--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_photo_fingerprints_photo_variant_uq" ON "blocked_photo_fingerprints" USING btree ("photo_id","variant");