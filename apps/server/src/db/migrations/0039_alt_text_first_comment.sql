ALTER TABLE "post_media" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "comment_status" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "comment_error" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "platform_comment_id" text;
