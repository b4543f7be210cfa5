CREATE TABLE "age_check_days" (
	"day" date NOT NULL,
	"verifier" text NOT NULL,
	"outcome" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "age_check_days_day_verifier_outcome_pk" PRIMARY KEY("day","verifier","outcome")
);
--> statement-breakpoint
CREATE TABLE "age_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"verifier" text NOT NULL,
	"method" text NOT NULL,
	"outcome" text,
	"assurance" text,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "age_checks_created_at_idx" ON "age_checks" USING btree ("created_at");