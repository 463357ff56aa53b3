-- Issue 35, decision 0052: the dealer dashboard's per-day figures (views, clicks from results, phone
-- reveals, first messages, favourites), per listing and per seller, written by the statements that
-- count the events. New, empty tables: nothing is back-filled (the counters never had days).
CREATE TABLE "listing_daily_stats" (
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"result_clicks" integer DEFAULT 0 NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day"),
	CONSTRAINT "listing_daily_stats_check" CHECK ("listing_daily_stats"."views" >= 0 and "listing_daily_stats"."result_clicks" >= 0 and "listing_daily_stats"."phone_reveals" >= 0 and "listing_daily_stats"."messages" >= 0 and "listing_daily_stats"."favorites" >= 0)
);
--> statement-breakpoint
CREATE TABLE "owner_daily_stats" (
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"result_clicks" integer DEFAULT 0 NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_daily_stats_owner_id_day_pk" PRIMARY KEY("owner_id","day"),
	CONSTRAINT "owner_daily_stats_check" CHECK ("owner_daily_stats"."views" >= 0 and "owner_daily_stats"."result_clicks" >= 0 and "owner_daily_stats"."phone_reveals" >= 0 and "owner_daily_stats"."messages" >= 0 and "owner_daily_stats"."favorites" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_daily_stats" ADD CONSTRAINT "owner_daily_stats_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;