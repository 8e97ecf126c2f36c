CREATE TABLE "post_target_parts" (
	"target_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"platform_post_id" text,
	"platform_ref" text,
	"url" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_target_parts_target_id_position_pk" PRIMARY KEY("target_id","position")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "thread_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "post_target_parts" ADD CONSTRAINT "post_target_parts_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_target_parts" ADD CONSTRAINT "post_target_parts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;