CREATE TABLE "watermark_applies" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"original_media_id" text NOT NULL,
	"watermark_id" text NOT NULL,
	"params_hash" text NOT NULL,
	"status" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watermark_applies" ADD CONSTRAINT "watermark_applies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_applies" ADD CONSTRAINT "watermark_applies_original_media_id_media_files_id_fk" FOREIGN KEY ("original_media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_applies" ADD CONSTRAINT "watermark_applies_watermark_id_watermarks_id_fk" FOREIGN KEY ("watermark_id") REFERENCES "public"."watermarks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watermark_applies_original_params_idx" ON "watermark_applies" USING btree ("original_media_id","params_hash");--> statement-breakpoint
CREATE INDEX "watermark_applies_workspace_idx" ON "watermark_applies" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "watermark_applies_watermark_idx" ON "watermark_applies" USING btree ("watermark_id");