DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
CREATE INDEX "listings_published_vehicle_type_idx" ON "listings" USING btree ("vehicle_type","color","fuel","gearbox") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_color_idx" ON "listings" USING btree ("color","fuel","gearbox","vehicle_type") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_fuel_idx" ON "listings" USING btree ("fuel","gearbox","vehicle_type","color") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_mileage_idx" ON "listings" USING btree ("mileage","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_year_idx" ON "listings" USING btree ("year" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","price","year","mileage","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","price","year","mileage","brand","model","published_at","id") WHERE "listings"."status" = 'published';