ALTER TABLE "media_files" ADD COLUMN "derived_from_id" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "edit_recipe" jsonb;