CREATE TABLE "blocked_photo_fingerprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text,
	"perceptual_hash" bigint,
	"hasher" text,
	"pending_filename" text,
	"photo_id" integer,
	"model_id" integer,
	"reason" text NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "hasher" text;--> statement-breakpoint
ALTER TABLE "blocked_photo_fingerprints" ADD CONSTRAINT "blocked_photo_fingerprints_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_sha256_idx" ON "blocked_photo_fingerprints" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_phash_band0_idx" ON "blocked_photo_fingerprints" USING btree ((("perceptual_hash" >> 48) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_phash_band1_idx" ON "blocked_photo_fingerprints" USING btree ((("perceptual_hash" >> 32) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_phash_band2_idx" ON "blocked_photo_fingerprints" USING btree ((("perceptual_hash" >> 16) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_phash_band3_idx" ON "blocked_photo_fingerprints" USING btree ((("perceptual_hash" >> 0) & 65535));--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_photo_fingerprints_photo_uq" ON "blocked_photo_fingerprints" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photos_sha256_idx" ON "photos" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "photos_phash_band0_idx" ON "photos" USING btree ((("perceptual_hash" >> 48) & 65535));--> statement-breakpoint
CREATE INDEX "photos_phash_band1_idx" ON "photos" USING btree ((("perceptual_hash" >> 32) & 65535));--> statement-breakpoint
CREATE INDEX "photos_phash_band2_idx" ON "photos" USING btree ((("perceptual_hash" >> 16) & 65535));--> statement-breakpoint
CREATE INDEX "photos_phash_band3_idx" ON "photos" USING btree ((("perceptual_hash" >> 0) & 65535));--> statement-breakpoint
CREATE INDEX "photos_fingerprint_pending_idx" ON "photos" USING btree ("id") WHERE "photos"."hasher" is null;