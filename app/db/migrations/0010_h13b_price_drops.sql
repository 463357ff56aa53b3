CREATE TABLE "price_drop_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_on" date NOT NULL,
	"listing_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_drop_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"price_change_id" uuid NOT NULL,
	"old_price" integer NOT NULL,
	"new_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"digest_id" uuid
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_price_drops" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "price_drop_digests" ADD CONSTRAINT "price_drop_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_price_change_id_listing_price_history_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."listing_price_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_digest_id_price_drop_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."price_drop_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_drop_digests_user_day_idx" ON "price_drop_digests" USING btree ("user_id","sent_on");--> statement-breakpoint
CREATE INDEX "price_drop_digests_user_sent_idx" ON "price_drop_digests" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_drop_notices_user_change_idx" ON "price_drop_notices" USING btree ("user_id","price_change_id");--> statement-breakpoint
CREATE INDEX "price_drop_notices_pending_idx" ON "price_drop_notices" USING btree ("user_id") WHERE "price_drop_notices"."handled_at" is null;