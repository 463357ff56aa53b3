-- Issue 34 (decision 0049): 'Portes', 'Places', '1re main' and 'Puissance (ch)' join the trailing
-- filter columns of every ordered search index (schema.ts searchFilterColumns), so these filters,
-- alone or with others, are tested inside the B-tree (index-only counts and pages), as critair
-- was in 0024; and saved searches keep the new filters (mileage_min, power_min/max, doors, seats,
-- first_hand) for alert matching. On a live database, build the new indexes CONCURRENTLY first.
DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_deal_idx";--> statement-breakpoint
DROP INDEX "listings_published_critair_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "mileage_min" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "power_min" smallint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "power_max" smallint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "doors" smallint[];--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "seats" smallint[];--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "first_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_geo_idx" ON "listings" USING btree ("brand","latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","model") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","published_at","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_critair_idx" ON "listings" USING btree ("critair","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';