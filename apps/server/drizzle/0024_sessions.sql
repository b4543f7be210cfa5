CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"session_version" integer NOT NULL,
	"device" text NOT NULL,
	"network" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sessions_account_kind_check" CHECK ("sessions"."account_kind" in ('admin', 'model'))
);
--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_kind","account_id","first_seen_at");