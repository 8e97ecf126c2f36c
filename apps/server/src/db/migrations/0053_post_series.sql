CREATE TABLE "post_series" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text,
	"frequency" text NOT NULL,
	"interval" integer NOT NULL,
	"weekdays" jsonb NOT NULL,
	"ends" jsonb NOT NULL,
	"timezone" text NOT NULL,
	"start_date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_index" integer,
	"post" jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"last_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_series_occurrences" (
	"series_id" text NOT NULL,
	"occurrence_index" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"post_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series_occurrences" ADD CONSTRAINT "post_series_occurrences_series_id_post_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."post_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series_occurrences" ADD CONSTRAINT "post_series_occurrences_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_series_workspace_idx" ON "post_series" USING btree ("workspace_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_series_occurrences_series_index_idx" ON "post_series_occurrences" USING btree ("series_id","occurrence_index");--> statement-breakpoint
CREATE INDEX "post_series_occurrences_post_idx" ON "post_series_occurrences" USING btree ("post_id");