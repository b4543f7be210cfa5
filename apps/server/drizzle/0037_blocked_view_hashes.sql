-- Edit-proof blocks (decision 058): a blocked picture also stores the 128-bit hashes of its mirrored, rotated and
-- cropped views, one row each (hasher 'view-dct-simhash-128', variant 100 and up): the pHash half in
-- perceptual_hash, the SimHash half here. Both halves are looked up by their 16-bit bands. Blocks made before are
-- given their view rows by the photo-fingerprints job from the stored file.
ALTER TABLE "blocked_photo_fingerprints" ADD COLUMN "detail_hash" bigint;--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_detail_band0_idx" ON "blocked_photo_fingerprints" USING btree ((("detail_hash" >> 48) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_detail_band1_idx" ON "blocked_photo_fingerprints" USING btree ((("detail_hash" >> 32) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_detail_band2_idx" ON "blocked_photo_fingerprints" USING btree ((("detail_hash" >> 16) & 65535));--> statement-breakpoint
CREATE INDEX "blocked_photo_fingerprints_detail_band3_idx" ON "blocked_photo_fingerprints" USING btree ((("detail_hash" >> 0) & 65535));
