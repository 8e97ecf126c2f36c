CREATE TABLE "user_onboarding" (
	"user_id" text PRIMARY KEY NOT NULL,
	"dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD COLUMN "live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_onboarding" ADD CONSTRAINT "user_onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Streams from before live_at existed: one that is live, or that recorded health figures, went live.
UPDATE "stream_sessions" SET "live_at" = "started_at" WHERE "status" = 'live' OR EXISTS (SELECT 1 FROM "stream_samples" WHERE "stream_samples"."session_id" = "stream_sessions"."id");
