CREATE TABLE "listing_seller_facet_counts" (
	"seller_kind" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"fuel" text NOT NULL,
	"gearbox" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"color" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "listing_seller_facet_counts_seller_kind_brand_model_fuel_gearbox_vehicle_type_color_pk" PRIMARY KEY("seller_kind","brand","model","fuel","gearbox","vehicle_type","color")
);
--> statement-breakpoint
-- Issue 33 (decision 0034): who sells becomes a trailing key column of the five ordered search
-- indexes, so `seller=private|pro` is tested inside the B-tree like every other filter. The
-- indexes keep their names (the previous release's statements use them unchanged); they are
-- rebuilt in this migration's transaction, which holds the listings table for that time (see
-- the decision: run `npm run db:migrate` as the deploy's first step).
DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_deal_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "seller_kind" varchar(8);--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","seller_kind","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
-- New (issue 33): a brand around a place counts inside the band of that brand only.
CREATE INDEX "listings_published_brand_geo_idx" ON "listings" USING btree ("brand","latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","model") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","published_at","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';
--> statement-breakpoint
-- Hand-written (issue 33, decision 0034): published listings per kind of seller and
-- combination of facets, kept like listing_facet_counts (migration 0017, decision 0029) by
-- statement-level triggers with transition tables: the 64 grouping sets of the six facets'
-- cube, each for the row's seller_kind (never '*': 'Tous' stays listing_facet_counts, which
-- this migration leaves as the previous release reads it). An account becoming professional
-- (or no longer one) updates its listings' seller_kind (migration 0020): the UPDATE branch moves
-- their counts from 'private' to 'pro' (or back) like any facet edit.
CREATE FUNCTION "listings_seller_facet_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_seller_facet_counts" AS c ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT d.seller_kind, CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT seller_kind, brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM new_rows WHERE status = 'published') d
    GROUP BY d.seller_kind, CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listing_seller_facet_counts" AS c ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT d.seller_kind, CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT seller_kind, brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY d.seller_kind, CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "listing_seller_facet_counts" AS c ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT d.seller_kind, CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT seller_kind, brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM new_rows WHERE status = 'published' UNION ALL SELECT seller_kind, brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY d.seller_kind, CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "listing_seller_facet_counts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_seller_facet_counts_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_seller_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_seller_facet_counts_update" AFTER UPDATE ON "listings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_seller_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_seller_facet_counts_delete" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_seller_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_seller_facet_counts_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_seller_facet_counts_apply"();
--> statement-breakpoint
-- The listings already published (the triggers above, created first in this transaction, keep
-- the counts from here on).
INSERT INTO "listing_seller_facet_counts" AS c ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT d.seller_kind, CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT seller_kind, brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM "listings" WHERE status = 'published') d
    GROUP BY d.seller_kind, CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("seller_kind", "brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
