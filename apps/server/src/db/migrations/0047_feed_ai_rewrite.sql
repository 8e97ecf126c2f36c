ALTER TABLE "feeds" ADD COLUMN "ai_rewrite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "ai_instruction" text DEFAULT '' NOT NULL;