CREATE TABLE "saved_search_notices" (
	"saved_search_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"emailed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "saved_search_notices_saved_search_id_listing_id_pk" PRIMARY KEY("saved_search_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"brand" text,
	"model" text,
	"brands" text[],
	"models" text[],
	"energies" text[],
	"vehicle_type" text,
	"fuel" text,
	"gearbox" text,
	"color" text,
	"price_min" integer,
	"price_max" integer,
	"year_min" smallint,
	"year_max" smallint,
	"mileage_max" integer,
	"text_query" text,
	"good_deals" boolean DEFAULT false NOT NULL,
	"postal_code" varchar(5),
	"radius_km" smallint,
	"latitude" double precision,
	"longitude" double precision,
	"min_latitude" double precision,
	"max_latitude" double precision,
	"min_longitude" double precision,
	"max_longitude" double precision,
	"match_keys" text[] NOT NULL,
	"frequency" varchar(16) DEFAULT 'immediate' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('immediate','daily','off'))
);
--> statement-breakpoint
CREATE TABLE "search_alert_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_search_alerts" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "saved_search_notices" ADD CONSTRAINT "saved_search_notices_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_notices" ADD CONSTRAINT "saved_search_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_notices" ADD CONSTRAINT "saved_search_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_digests" ADD CONSTRAINT "search_alert_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_notices_pending_idx" ON "saved_search_notices" USING btree ("user_id") WHERE "saved_search_notices"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_notices_user_listing_idx" ON "saved_search_notices" USING btree ("user_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_match_keys_idx" ON "saved_searches" USING gin ("match_keys") WHERE "saved_searches"."frequency" <> 'off';