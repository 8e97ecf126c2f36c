CREATE TABLE "short_link_click_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_clicks" (
	"link_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"device" text DEFAULT 'unknown' NOT NULL,
	"crawler" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_link_clicks_link_id_hour_referrer_device_crawler_pk" PRIMARY KEY("link_id","hour","referrer","device","crawler")
);
--> statement-breakpoint
CREATE TABLE "short_link_post_options" (
	"post_id" text PRIMARY KEY NOT NULL,
	"shorten" boolean,
	"campaign" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_settings" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'ask' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_visitors" (
	"link_id" text NOT NULL,
	"day" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "short_link_visitors_link_id_day_visitor_pk" PRIMARY KEY("link_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"code" text NOT NULL,
	"target" text NOT NULL,
	"post_id" text,
	"platform" text,
	"source_url" text,
	"created_by" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_post_options" ADD CONSTRAINT "short_link_post_options_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_settings" ADD CONSTRAINT "short_link_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_visitors" ADD CONSTRAINT "short_link_visitors_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "short_link_clicks_hour_idx" ON "short_link_clicks" USING btree ("hour");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_idx" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_links_workspace_idx" ON "short_links" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_post_link_idx" ON "short_links" USING btree ("post_id","platform","source_url") WHERE "short_links"."post_id" is not null;