CREATE TABLE "listing_counters" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_counters_check" CHECK ("listing_counters"."view_count" >= 0 and "listing_counters"."click_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listings" DROP CONSTRAINT "listings_counters_check";--> statement-breakpoint
ALTER TABLE "listing_counters" ADD CONSTRAINT "listing_counters_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Room on each page for HOT updates of the counters (no indexed column changes).
ALTER TABLE "listing_counters" SET (fillfactor = 50);--> statement-breakpoint
-- Existing counters move to the new table (only listings that were ever counted).
INSERT INTO "listing_counters" ("listing_id", "view_count", "click_count")
  SELECT "id", "view_count", "click_count" FROM "listings" WHERE "view_count" > 0 OR "click_count" > 0;--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "click_count";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "view_count";--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_counters_check" CHECK ("listings"."heart_count" >= 0);--> statement-breakpoint
DROP INDEX "listings_published_vehicle_type_idx";--> statement-breakpoint
DROP INDEX "listings_published_color_idx";--> statement-breakpoint
DROP INDEX "listings_published_fuel_idx";--> statement-breakpoint
CREATE INDEX "listings_published_vehicle_type_idx" ON "listings" USING btree ("vehicle_type","color","fuel","gearbox","price","year","mileage") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_color_idx" ON "listings" USING btree ("color","fuel","gearbox","vehicle_type","price","year","mileage") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_fuel_idx" ON "listings" USING btree ("fuel","gearbox","price","vehicle_type","color","year","mileage") WHERE "listings"."status" = 'published';