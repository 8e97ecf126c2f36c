CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"video_input" text DEFAULT '' NOT NULL,
	"audio_input" text DEFAULT '' NOT NULL,
	"audio_output" text DEFAULT '' NOT NULL,
	"resolution" text NOT NULL,
	"bitrate" integer NOT NULL,
	"fps" integer NOT NULL,
	"encoder" text NOT NULL,
	"format" text NOT NULL,
	"email_notifications" boolean NOT NULL,
	"push_notifications" boolean NOT NULL,
	"stream_notifications" boolean NOT NULL,
	"two_factor_auth" boolean NOT NULL,
	"api_key_enabled" boolean NOT NULL,
	"language" text NOT NULL,
	"timezone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;