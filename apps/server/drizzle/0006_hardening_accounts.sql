CREATE TABLE "login_throttle" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_file_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "age" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "estado_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "municipio_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;