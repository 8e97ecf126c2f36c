CREATE TABLE "stream_destinations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"rtmp_url" text NOT NULL,
	"stream_key_encrypted" text NOT NULL,
	"key_last_four" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_ingest_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"destination_id" text NOT NULL,
	"t" real NOT NULL,
	"bitrate_kbps" real,
	"fps" real,
	"dropped_frames" integer DEFAULT 0 NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_scenes" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"sources" text[] NOT NULL,
	"camera_corner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_session_destinations" (
	"session_id" text NOT NULL,
	"destination_id" text NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"final_state" text DEFAULT 'idle' NOT NULL,
	"reason" text,
	"reconnects" integer DEFAULT 0 NOT NULL,
	"dropped_frames" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"settings" jsonb NOT NULL,
	"scheduled_stream_id" text,
	"recording_media_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stream_destinations" ADD CONSTRAINT "stream_destinations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_destinations" ADD CONSTRAINT "stream_destinations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_ingest_keys" ADD CONSTRAINT "stream_ingest_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_ingest_keys" ADD CONSTRAINT "stream_ingest_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_samples" ADD CONSTRAINT "stream_samples_session_id_stream_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stream_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_scenes" ADD CONSTRAINT "stream_scenes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_scenes" ADD CONSTRAINT "stream_scenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_session_destinations" ADD CONSTRAINT "stream_session_destinations_session_id_stream_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stream_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_destinations_owner_idx" ON "stream_destinations" USING btree ("workspace_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_ingest_keys_hash_idx" ON "stream_ingest_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "stream_samples_session_idx" ON "stream_samples" USING btree ("session_id","destination_id","t");--> statement-breakpoint
CREATE INDEX "stream_scenes_owner_idx" ON "stream_scenes" USING btree ("workspace_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_session_destinations_pk" ON "stream_session_destinations" USING btree ("session_id","destination_id");--> statement-breakpoint
CREATE INDEX "stream_sessions_owner_started_idx" ON "stream_sessions" USING btree ("workspace_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "stream_sessions_active_idx" ON "stream_sessions" USING btree ("status") WHERE "stream_sessions"."status" in ('starting', 'live');