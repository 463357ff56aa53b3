DROP INDEX "listings_published_vehicle_type_idx";--> statement-breakpoint
DROP INDEX "listings_published_color_idx";--> statement-breakpoint
DROP INDEX "listings_published_fuel_idx";--> statement-breakpoint
CREATE INDEX "listings_published_vehicle_type_idx" ON "listings" USING btree ("vehicle_type","color","fuel","gearbox","price","year","mileage") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_color_idx" ON "listings" USING btree ("color","fuel","gearbox","vehicle_type","price","year","mileage") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_fuel_idx" ON "listings" USING btree ("fuel","gearbox","price","vehicle_type","color","year","mileage") WHERE "listings"."status" = 'published';