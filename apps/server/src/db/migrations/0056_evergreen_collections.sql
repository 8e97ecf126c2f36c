CREATE TABLE "evergreen_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"min_gap_days" integer NOT NULL,
	"stop_after" integer,
	"ends_on" text,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evergreen_cycles" (
	"entry_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"variant_index" integer NOT NULL,
	"post_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evergreen_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"owner_id" text,
	"post" jsonb NOT NULL,
	"variants" jsonb NOT NULL,
	"last_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evergreen_collections" ADD CONSTRAINT "evergreen_collections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_cycles" ADD CONSTRAINT "evergreen_cycles_entry_id_evergreen_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."evergreen_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_cycles" ADD CONSTRAINT "evergreen_cycles_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_entries" ADD CONSTRAINT "evergreen_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_entries" ADD CONSTRAINT "evergreen_entries_collection_id_evergreen_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."evergreen_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_entries" ADD CONSTRAINT "evergreen_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evergreen_collections_workspace_name_idx" ON "evergreen_collections" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "evergreen_cycles_entry_cycle_idx" ON "evergreen_cycles" USING btree ("entry_id","cycle");--> statement-breakpoint
CREATE INDEX "evergreen_cycles_post_idx" ON "evergreen_cycles" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "evergreen_entries_collection_idx" ON "evergreen_entries" USING btree ("collection_id");