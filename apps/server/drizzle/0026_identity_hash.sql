CREATE TABLE "banned_identities" (
	"identity_hash" text PRIMARY KEY NOT NULL,
	"model_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "identity_hash" text;