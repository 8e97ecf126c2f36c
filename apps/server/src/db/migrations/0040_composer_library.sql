CREATE TABLE "composer_hashtag_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"hashtags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composer_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"is_auto_append" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composer_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composer_hashtag_groups" ADD CONSTRAINT "composer_hashtag_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composer_signatures" ADD CONSTRAINT "composer_signatures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composer_templates" ADD CONSTRAINT "composer_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "composer_hashtag_groups_workspace_idx" ON "composer_hashtag_groups" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "composer_signatures_workspace_idx" ON "composer_signatures" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "composer_signatures_auto_append_idx" ON "composer_signatures" USING btree ("workspace_id") WHERE "composer_signatures"."is_auto_append";--> statement-breakpoint
CREATE INDEX "composer_templates_workspace_idx" ON "composer_templates" USING btree ("workspace_id");
