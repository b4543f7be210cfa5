DROP INDEX "blocked_photo_fingerprints_photo_variant_uq";--> statement-breakpoint
ALTER TABLE "blocked_photo_fingerprints" ADD COLUMN "case_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_photo_fingerprints_photo_variant_case_uq" ON "blocked_photo_fingerprints" USING btree ("photo_id","variant","case_id");--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_case_idx" ON "blocked_photo_fingerprints" USING btree ("case_id");