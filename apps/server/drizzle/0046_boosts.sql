-- Paid boosts (decision 079). boost_products: what the admin sells — "Destaque" (kind featured: her card among
-- the featured places of her city for `days` days) and "Subir anúncio" (kind bump: her card at the top of her
-- city's ordinary list, once or daily for `days` days). Prices are exact cents; every change is audited.
CREATE TABLE "boost_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"days" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boost_products_kind_check" CHECK ("kind" IN ('featured', 'bump')),
	CONSTRAINT "boost_products_days_check" CHECK ("days" BETWEEN 1 AND 90),
	CONSTRAINT "boost_products_price_check" CHECK ("price_cents" BETWEEN 100 AND 10000000)
);
--> statement-breakpoint
INSERT INTO "boost_products" ("kind", "name", "days", "price_cents", "sort_order") VALUES
	('featured', 'Destaque 3 dias', 3, 1490, 1),
	('featured', 'Destaque 7 dias', 7, 2990, 2),
	('featured', 'Destaque 30 dias', 30, 9990, 3),
	('bump', 'Subir anúncio (1 vez)', 1, 490, 4),
	('bump', 'Subir anúncio por 3 dias', 3, 1290, 5),
	('bump', 'Subir anúncio por 7 dias', 7, 2490, 6);
--> statement-breakpoint
-- How many featured places a city page shows (placement.ts rotates the live "Destaque" boosts through them).
INSERT INTO "settings" ("setting_key", "setting_value") VALUES ('boost_featured_places', '4')
	ON CONFLICT ("setting_key") DO NOTHING;
--> statement-breakpoint
-- One boost bought by a model. It is paid through its own model_payments row (her receipt, settled by the
-- Mercado Pago webhooks like a plan payment). Status: pending_payment → awaiting_review (paid) → approved (an
-- admin reviewed the ad as it stands: review_hash) or rejected (refunded, with the reason); refunded when Mercado
-- Pago says the payment was refunded or charged back. An approved boost is live while starts_at <= now < ends_at
-- and paused_at is null; an edit of the ad while approved sets paused_at and sends it back to awaiting_review
-- (the triggers below), without moving ends_at. public_state is what the public pages last saw of it (jobs/boosts.ts
-- keeps it: 'off', or 'live:<epoch seconds of its current bump or start>'), so that a boost starting or ending by
-- the clock changes a row and its triggers touch the cached pages.
CREATE TABLE "boosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"product_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"days" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"bump_hour" smallint,
	"paid_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"review_hash" text,
	"reviews" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"public_state" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boosts_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "boosts_kind_check" CHECK ("kind" IN ('featured', 'bump')),
	CONSTRAINT "boosts_status_check"
		CHECK ("status" IN ('pending_payment', 'awaiting_review', 'approved', 'rejected', 'refunded')),
	CONSTRAINT "boosts_bump_hour_check" CHECK ("bump_hour" IS NULL OR "bump_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_city_id_municipios_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_product_id_boost_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."boost_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_payment_id_model_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."model_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boosts_model_idx" ON "boosts" USING btree ("model_id", "created_at");--> statement-breakpoint
CREATE INDEX "boosts_queue_idx" ON "boosts" USING btree ("submitted_at") WHERE "status" = 'awaiting_review';--> statement-breakpoint
CREATE INDEX "boosts_city_live_idx" ON "boosts" USING btree ("city_id", "kind", "starts_at") WHERE "status" = 'approved';--> statement-breakpoint
-- A boost's place on the public pages changed (its status, times, pause or public_state): the list of its city
-- and her card (the "Destaque" / "Impulsionado" mark) are touched (decision 050's tags).
CREATE OR REPLACE FUNCTION "public_change_for_boost"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM note_public_change(ARRAY['list:city:' || OLD."city_id", 'card:' || OLD."model_id"]);
  ELSE
    PERFORM note_public_change(ARRAY['list:city:' || NEW."city_id", 'card:' || NEW."model_id"]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "boosts_public_change_update"
  AFTER UPDATE OF "status", "starts_at", "ends_at", "paused_at", "public_state" ON "boosts"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."status" = 'approved' OR NEW."status" = 'approved')
    AND (OLD."status", OLD."starts_at", OLD."ends_at", OLD."paused_at", OLD."public_state")
      IS DISTINCT FROM (NEW."status", NEW."starts_at", NEW."ends_at", NEW."paused_at", NEW."public_state"))
  EXECUTE FUNCTION "public_change_for_boost"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "boosts_public_change_delete"
  AFTER DELETE ON "boosts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD."status" = 'approved')
  EXECUTE FUNCTION "public_change_for_boost"();--> statement-breakpoint
-- The boosted content is never content nobody reviewed: an approved boost that has not ended goes back to the
-- review queue (paused, its end unchanged) when her ad changes — the text of her profile, or her public photos.
CREATE OR REPLACE FUNCTION "pause_boosts_of"(mid integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "boosts" SET "status" = 'awaiting_review', "paused_at" = now(), "submitted_at" = now(), "updated_at" = now()
  WHERE "model_id" = mid AND "status" = 'approved' AND "ends_at" > now()
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pause_boosts_for_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pause_boosts_of(NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "models_pause_boosts"
  AFTER UPDATE OF "name", "age", "category_id", "description", "services", "rates", "height", "weight",
    "measurements", "neighborhood", "languages" ON "models"
  FOR EACH ROW
  WHEN ((OLD."name", OLD."age", OLD."category_id", OLD."description", OLD."services", OLD."rates", OLD."height",
         OLD."weight", OLD."measurements", OLD."neighborhood", OLD."languages")
    IS DISTINCT FROM
        (NEW."name", NEW."age", NEW."category_id", NEW."description", NEW."services", NEW."rates", NEW."height",
         NEW."weight", NEW."measurements", NEW."neighborhood", NEW."languages"))
  EXECUTE FUNCTION "pause_boosts_for_model"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pause_boosts_for_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pause_boosts_of(OLD."model_id");
  ELSE
    PERFORM pause_boosts_of(NEW."model_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "photos_pause_boosts_insert"
  AFTER INSERT ON "photos"
  FOR EACH ROW
  WHEN (NEW."is_public" AND NEW."moderation_hidden_at" IS NULL)
  EXECUTE FUNCTION "pause_boosts_for_photo"();--> statement-breakpoint
CREATE TRIGGER "photos_pause_boosts_update"
  AFTER UPDATE OF "is_public", "is_primary", "filename", "moderation_hidden_at" ON "photos"
  FOR EACH ROW
  WHEN (((OLD."is_public" AND OLD."moderation_hidden_at" IS NULL) OR (NEW."is_public" AND NEW."moderation_hidden_at" IS NULL))
    AND (OLD."is_public", OLD."is_primary", OLD."filename", OLD."moderation_hidden_at")
      IS DISTINCT FROM (NEW."is_public", NEW."is_primary", NEW."filename", NEW."moderation_hidden_at"))
  EXECUTE FUNCTION "pause_boosts_for_photo"();--> statement-breakpoint
CREATE TRIGGER "photos_pause_boosts_delete"
  AFTER DELETE ON "photos"
  FOR EACH ROW
  WHEN (OLD."is_public" AND OLD."moderation_hidden_at" IS NULL)
  EXECUTE FUNCTION "pause_boosts_for_photo"();
