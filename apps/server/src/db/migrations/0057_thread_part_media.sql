CREATE TABLE "post_thread_media" (
	"post_id" text NOT NULL,
	"part" integer NOT NULL,
	"media_id" text NOT NULL,
	"position" integer NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "post_thread_media_post_id_part_media_id_pk" PRIMARY KEY("post_id","part","media_id")
);
--> statement-breakpoint
ALTER TABLE "post_thread_media" ADD CONSTRAINT "post_thread_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_thread_media" ADD CONSTRAINT "post_thread_media_media_id_media_files_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_thread_media_media_idx" ON "post_thread_media" USING btree ("media_id");