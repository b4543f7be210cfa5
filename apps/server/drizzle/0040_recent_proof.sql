-- Recent proof for sensitive changes (decision 065): when the session last proved it is her (its sign-in, her
-- password or a current second factor); and, after a password reset, the review of her passkeys and sessions that
-- her first screen shows until she says she recognises them.
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "access_review_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "access_review_due" boolean DEFAULT false NOT NULL;
