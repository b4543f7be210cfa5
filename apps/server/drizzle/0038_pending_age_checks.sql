-- Age checks never finished are kept at most a day (decision 059): the retention job finds them by this index
-- instead of reading the 180 days of finished rows.
CREATE INDEX "age_checks_pending_created_at_idx" ON "age_checks" USING btree ("created_at") WHERE "age_checks"."outcome" IS NULL;
