-- The filtered listings (decision 073) read a city's or the whole country's public models and count them: this
-- index holds every column a filter or an order reads, so the match, the count and the page come from the index
-- alone (an index-only scan of the city's part, or of the whole index without a city) instead of the wide rows.
CREATE INDEX "models_public_filters_idx" ON "models" USING btree ("municipio_id","is_featured","id","next_due_date")
  INCLUDE ("price_from","age","category_id","receives_at","services_search","neighborhood_search","available_until",
    "views_count","is_verified")
  WHERE "model_is_listed"("is_active", "is_verified", "email_confirmed_at", "deleted_at", "moderation_status");
