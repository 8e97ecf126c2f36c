CREATE TABLE "account_metric_days" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"workspace_id" text NOT NULL,
	"platform" text NOT NULL,
	"followers" bigint,
	"views" bigint,
	"reach" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"clicks" bigint,
	"posts_published" integer DEFAULT 0 NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_metric_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_collect_state" (
	"account_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"next_collect_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_collected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_read_budgets" (
	"workspace_id" text NOT NULL,
	"platform" text NOT NULL,
	"month" text NOT NULL,
	"monthly_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_read_budgets_workspace_id_platform_month_pk" PRIMARY KEY("workspace_id","platform","month")
);
--> statement-breakpoint
CREATE TABLE "analytics_report_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_report_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_report_schedules" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"recipients" text[] NOT NULL,
	"next_send_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_metric_days" (
	"target_id" text NOT NULL,
	"day" date NOT NULL,
	"views" bigint,
	"reach" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"clicks" bigint,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_metric_days_target_id_day_pk" PRIMARY KEY("target_id","day")
);
--> statement-breakpoint
CREATE TABLE "post_metrics" (
	"target_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"platform" text NOT NULL,
	"platform_post_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"reach" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"clicks" bigint,
	"engagements_48h" bigint,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "refused_metrics" (
	"platform" text NOT NULL,
	"media_type" text NOT NULL,
	"metric" text NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	CONSTRAINT "refused_metrics_platform_media_type_metric_pk" PRIMARY KEY("platform","media_type","metric")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_metric_days" ADD CONSTRAINT "account_metric_days_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_metric_days" ADD CONSTRAINT "account_metric_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_collect_state" ADD CONSTRAINT "analytics_collect_state_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_collect_state" ADD CONSTRAINT "analytics_collect_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_read_budgets" ADD CONSTRAINT "analytics_read_budgets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_links" ADD CONSTRAINT "analytics_report_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_schedules" ADD CONSTRAINT "analytics_report_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_days" ADD CONSTRAINT "post_metric_days_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_metric_days_workspace_day_idx" ON "account_metric_days" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "analytics_collect_state_due_idx" ON "analytics_collect_state" USING btree ("next_collect_at");--> statement-breakpoint
CREATE INDEX "analytics_report_links_workspace_idx" ON "analytics_report_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "analytics_report_schedules_due_idx" ON "analytics_report_schedules" USING btree ("next_send_at");--> statement-breakpoint
CREATE INDEX "post_metrics_workspace_published_idx" ON "post_metrics" USING btree ("workspace_id","published_at");--> statement-breakpoint
CREATE INDEX "post_metrics_account_published_idx" ON "post_metrics" USING btree ("account_id","published_at");--> statement-breakpoint
CREATE INDEX "post_metrics_due_idx" ON "post_metrics" USING btree ("next_fetch_at");