CREATE TABLE "cloud_drive_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_imports" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "media_imports" ADD COLUMN "cloud_connection_id" text;--> statement-breakpoint
ALTER TABLE "cloud_drive_connections" ADD CONSTRAINT "cloud_drive_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_drive_connections" ADD CONSTRAINT "cloud_drive_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_drive_connections_member_idx" ON "cloud_drive_connections" USING btree ("workspace_id","user_id","provider");--> statement-breakpoint
ALTER TABLE "media_imports" ADD CONSTRAINT "media_imports_cloud_connection_id_cloud_drive_connections_id_fk" FOREIGN KEY ("cloud_connection_id") REFERENCES "public"."cloud_drive_connections"("id") ON DELETE set null ON UPDATE no action;