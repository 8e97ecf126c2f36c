CREATE TABLE "post_reel_covers" (
	"post_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"offset_ms" integer,
	"media_id" text
);
--> statement-breakpoint
ALTER TABLE "post_reel_covers" ADD CONSTRAINT "post_reel_covers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reel_covers" ADD CONSTRAINT "post_reel_covers_media_id_media_files_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;