ALTER TABLE "nodes" ADD COLUMN "streaming" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "internal_url" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "rtmp_port" integer;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD COLUMN "node_id" text;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stream_sessions_node_idx" ON "stream_sessions" USING btree ("node_id") WHERE "stream_sessions"."status" in ('starting', 'live');