ALTER TABLE "stream_session_destinations" ADD COLUMN "viewers_peak" integer;--> statement-breakpoint
ALTER TABLE "stream_session_destinations" ADD COLUMN "viewers_last" integer;--> statement-breakpoint
ALTER TABLE "stream_session_destinations" ADD COLUMN "viewers_metric" text;--> statement-breakpoint
ALTER TABLE "stream_session_destinations" ADD COLUMN "viewers_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stream_session_destinations" ADD COLUMN "viewers_checked_at" timestamp with time zone;