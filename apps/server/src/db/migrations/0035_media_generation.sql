ALTER TABLE "media_files" ADD COLUMN "generation" jsonb;
