ALTER TABLE "analytics_report_links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_report_links" ADD COLUMN "purpose" text DEFAULT 'share' NOT NULL;