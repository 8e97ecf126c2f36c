CREATE TABLE "watermark_account_defaults" (
	"account_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"watermark_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watermark_post_options" (
	"post_id" text PRIMARY KEY NOT NULL,
	"watermark_id" text
);
--> statement-breakpoint
CREATE TABLE "watermark_renders" (
	"original_media_id" text NOT NULL,
	"params_hash" text NOT NULL,
	"watermark_id" text,
	"rendered_media_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watermarks" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"image_media_id" text NOT NULL,
	"opacity" integer NOT NULL,
	"size" integer NOT NULL,
	"position" text NOT NULL,
	"margin" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watermark_account_defaults" ADD CONSTRAINT "watermark_account_defaults_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_account_defaults" ADD CONSTRAINT "watermark_account_defaults_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_account_defaults" ADD CONSTRAINT "watermark_account_defaults_watermark_id_watermarks_id_fk" FOREIGN KEY ("watermark_id") REFERENCES "public"."watermarks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_post_options" ADD CONSTRAINT "watermark_post_options_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_post_options" ADD CONSTRAINT "watermark_post_options_watermark_id_watermarks_id_fk" FOREIGN KEY ("watermark_id") REFERENCES "public"."watermarks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_renders" ADD CONSTRAINT "watermark_renders_original_media_id_media_files_id_fk" FOREIGN KEY ("original_media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_renders" ADD CONSTRAINT "watermark_renders_watermark_id_watermarks_id_fk" FOREIGN KEY ("watermark_id") REFERENCES "public"."watermarks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_renders" ADD CONSTRAINT "watermark_renders_rendered_media_id_media_files_id_fk" FOREIGN KEY ("rendered_media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermarks" ADD CONSTRAINT "watermarks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermarks" ADD CONSTRAINT "watermarks_image_media_id_media_files_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watermark_renders_original_params_idx" ON "watermark_renders" USING btree ("original_media_id","params_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "watermark_renders_rendered_idx" ON "watermark_renders" USING btree ("rendered_media_id");--> statement-breakpoint
CREATE INDEX "watermark_renders_watermark_idx" ON "watermark_renders" USING btree ("watermark_id");--> statement-breakpoint
CREATE INDEX "watermarks_workspace_idx" ON "watermarks" USING btree ("workspace_id");