ALTER TABLE "short_link_clicks" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "short_link_clicks" DROP CONSTRAINT "short_link_clicks_link_id_hour_referrer_device_crawler_pk";--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_link_id_hour_referrer_device_crawler_country_pk" PRIMARY KEY("link_id","hour","referrer","device","crawler","country");
