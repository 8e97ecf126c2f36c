CREATE TABLE "engagement_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"platform" text NOT NULL,
	"content" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" text,
	"account_id" text,
	"outcome" text NOT NULL,
	"failure_reason" text,
	"platform_result_id" text
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"platform_item_id" text NOT NULL,
	"author_platform_id" text NOT NULL,
	"author_handle" text NOT NULL,
	"author_name" text,
	"text" text NOT NULL,
	"url" text,
	"platform_post_id" text,
	"conversation_id" text,
	"post_id" text,
	"post_target_id" text,
	"arrived_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unanswered' NOT NULL,
	"first_reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_sync_state" (
	"account_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"since" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"destination_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"reminded_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_item_id_inbox_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inbox_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sync_state" ADD CONSTRAINT "inbox_sync_state_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sync_state" ADD CONSTRAINT "inbox_sync_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD CONSTRAINT "scheduled_streams_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD CONSTRAINT "scheduled_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_actions_limit_idx" ON "engagement_actions" USING btree ("user_id","action","timestamp") WHERE "engagement_actions"."outcome" <> 'failed';--> statement-breakpoint
CREATE INDEX "engagement_actions_metrics_idx" ON "engagement_actions" USING btree ("workspace_id","timestamp","action") WHERE "engagement_actions"."outcome" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_account_item_idx" ON "inbox_items" USING btree ("account_id","platform_item_id");--> statement-breakpoint
CREATE INDEX "inbox_items_workspace_arrived_idx" ON "inbox_items" USING btree ("workspace_id","arrived_at","first_reply_at");--> statement-breakpoint
CREATE INDEX "inbox_sync_state_due_idx" ON "inbox_sync_state" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "scheduled_streams_owner_time_idx" ON "scheduled_streams" USING btree ("workspace_id","user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "scheduled_streams_pending_reminder_idx" ON "scheduled_streams" USING btree ("scheduled_at") WHERE "scheduled_streams"."reminded_at" is null;