-- The 16-bit bands of each crop hash of a photo, tagged with the band's number (band << 16 | value; band 0 is
-- the hash's top 16 bits), so one GIN index finds a photo any of whose crops shares a band with a picture.
CREATE FUNCTION photo_crop_bands(hashes bigint[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT (b << 16) | ((h >> (48 - 16 * b)) & 65535)::integer), '{}'::integer[])
    FROM unnest(hashes) AS h, generate_series(0, 3) AS b
  $$;--> statement-breakpoint
CREATE INDEX "photos_crop_bands_idx" ON "photos" USING gin (photo_crop_bands("crop_hashes"));
