ALTER TABLE "scheduled_streams" ADD COLUMN "media_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD COLUMN "media_loop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD COLUMN "auto_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD COLUMN "auto_start_session_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD COLUMN "auto_start_error" text;--> statement-breakpoint
CREATE INDEX "scheduled_streams_pending_auto_start_idx" ON "scheduled_streams" USING btree ("scheduled_at") WHERE "scheduled_streams"."media_id" is not null and "scheduled_streams"."auto_started_at" is null;
