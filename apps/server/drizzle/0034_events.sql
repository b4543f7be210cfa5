-- What the live stream tells: one row per event, written in the transaction of the change that causes it.
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"model_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");
--> statement-breakpoint
-- The one row that hands out event ids: a writer bumps last_id in its transaction and holds the row until commit,
-- so ids become visible in id order. pruned_through: every id up to it may have been deleted (a resume from an
-- older id cannot be complete).
CREATE TABLE "event_log" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_log_single_row" CHECK ("event_log"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "event_log" ("id", "last_id", "pruned_through") VALUES (1, 0, 0);
