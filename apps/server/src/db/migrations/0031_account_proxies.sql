CREATE TABLE "account_proxies" (
	"account_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_encrypted" text,
	"status" text DEFAULT 'unchecked' NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"egress_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_proxies" ADD CONSTRAINT "account_proxies_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_proxies" ADD CONSTRAINT "account_proxies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;