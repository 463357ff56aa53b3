-- Reordered by hand: the table is emptied (rebuilt at the end of this migration), the column
-- added, then the key that includes it.
DELETE FROM "listing_facet_counts";--> statement-breakpoint
ALTER TABLE "listing_facet_counts" DROP CONSTRAINT "listing_facet_counts_brand_model_fuel_gearbox_vehicle_type_color_pk";--> statement-breakpoint
ALTER TABLE "listing_facet_counts" ADD COLUMN "seller_kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_facet_counts" ADD CONSTRAINT "listing_facet_counts_brand_model_fuel_gearbox_vehicle_type_color_seller_kind_pk" PRIMARY KEY("brand","model","fuel","gearbox","vehicle_type","color","seller_kind");--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "seller_kind" varchar(8);--> statement-breakpoint
DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_deal_idx";--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","seller_kind","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","published_at","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';
--> statement-breakpoint
-- Hand-written (issue 33, decision 0034): the facet table of migration 0017 gains who sells
-- (listings.seller_kind, kept by the triggers of migration 0020) as its seventh dimension: 128
-- grouping sets instead of 64. Same function, same triggers (they call it by name); an account
-- becoming professional (or no longer one) updates its listings' seller_kind, which moves their
-- counts from 'private' to 'pro' (or back) in the UPDATE branch like any facet edit.
CREATE OR REPLACE FUNCTION "listings_facet_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, CASE WHEN grouping(d.seller_kind) = 1 THEN '*' ELSE d.seller_kind END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, seller_kind, 1 AS delta FROM new_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color, d.seller_kind)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, CASE WHEN grouping(d.seller_kind) = 1 THEN '*' ELSE d.seller_kind END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, seller_kind, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color, d.seller_kind)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, CASE WHEN grouping(d.seller_kind) = 1 THEN '*' ELSE d.seller_kind END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, seller_kind, 1 AS delta FROM new_rows WHERE status = 'published' UNION ALL SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, seller_kind, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color, d.seller_kind)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "listing_facet_counts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The listings already published, counted again with their seller kind (the function above
-- keeps the counts from here on: the triggers already call it).
INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, CASE WHEN grouping(d.seller_kind) = 1 THEN '*' ELSE d.seller_kind END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, seller_kind, 1 AS delta FROM "listings" WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color, d.seller_kind)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "seller_kind") DO UPDATE SET "n" = c."n" + excluded."n";
