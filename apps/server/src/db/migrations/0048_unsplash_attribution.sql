ALTER TABLE "media_files" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "media_imports" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "media_imports" ADD COLUMN "attribution" jsonb;