CREATE TABLE "short_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every code already given out stays reserved (docs/decisions/0080-short-links.md, "Custom codes").
INSERT INTO "short_link_codes" ("code", "reserved_at") SELECT "code", "created_at" FROM "short_links" ON CONFLICT DO NOTHING;
