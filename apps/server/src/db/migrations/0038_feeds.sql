CREATE TABLE "feed_items" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"status" text NOT NULL,
	"reason" text,
	"post_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text,
	"url" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"platforms" jsonb NOT NULL,
	"account_ids" jsonb NOT NULL,
	"mode" text NOT NULL,
	"template" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"title" text,
	"etag" text,
	"last_modified" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_items_found" integer,
	"last_posts_created" integer,
	"last_error" text,
	"next_fetch_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_feed_key_idx" ON "feed_items" USING btree ("feed_id","key");--> statement-breakpoint
CREATE INDEX "feed_items_feed_created_idx" ON "feed_items" USING btree ("feed_id","created_at");--> statement-breakpoint
CREATE INDEX "feeds_workspace_idx" ON "feeds" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "feeds_next_fetch_idx" ON "feeds" USING btree ("next_fetch_at");