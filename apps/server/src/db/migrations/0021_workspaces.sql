ALTER TABLE "posts" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_streams" ADD CONSTRAINT "scheduled_streams_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;