-- Issue 34: 'critair' joins the trailing filter columns of every ordered search index (schema.ts
-- searchFilterColumns), so 'Crit'Air : N ou mieux' around a place or with a brand is tested
-- inside the B-tree (index-only counts) like the other filters; 'critair=1 + 50 km' was 30.6 ms
-- p95 at 1 M without it (docs/PERFORMANCE.md). And a listing may hold up to 20 photos
-- (positions 0–19; MAX_LISTING_PHOTOS in schema.ts).
ALTER TABLE "listing_photos" DROP CONSTRAINT "listing_photos_position_check";--> statement-breakpoint
DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_deal_idx";--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","price","year","mileage","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","seller_kind","critair","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_geo_idx" ON "listings" USING btree ("brand","latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","price","year","mileage","model") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","price","year","mileage","brand","model","published_at","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_position_check" CHECK ("listing_photos"."position" >= 0 and "listing_photos"."position" < 20);