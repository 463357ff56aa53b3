CREATE TABLE "listing_facet_counts" (
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"fuel" text NOT NULL,
	"gearbox" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"color" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "listing_facet_counts_brand_model_fuel_gearbox_vehicle_type_color_pk" PRIMARY KEY("brand","model","fuel","gearbox","vehicle_type","color")
);
--> statement-breakpoint
-- Hand-written (issue 37, decision 0029): the table is kept by statement-level triggers with
-- transition tables. Each statement on "listings" adds +1 per published row it inserts (or
-- turns published) and -1 per published row it deletes (or turns from published, or changes a
-- facet of) to every grouping set of the cube; an update that changes no facet of a published
-- row cancels out (HAVING) and writes nothing, and so does a statement that changes no
-- published row (a cube of no rows still has its grand total, NULL). A bulk load pays one grouped upsert per
-- statement. Rows left at n = 0 stay (a later listing reuses them; they add nothing to a sum).
CREATE FUNCTION "listings_facet_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM new_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM new_rows WHERE status = 'published' UNION ALL SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, -1 AS delta FROM old_rows WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "listing_facet_counts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_facet_counts_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_facet_counts_update" AFTER UPDATE ON "listings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_facet_counts_delete" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_facet_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "listings_facet_counts_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_facet_counts_apply"();
--> statement-breakpoint
-- The listings already published (the triggers above, created first in this transaction, keep
-- the counts from here on).
INSERT INTO "listing_facet_counts" AS c ("brand", "model", "fuel", "gearbox", "vehicle_type", "color", "n")
    SELECT CASE WHEN grouping(d.brand) = 1 THEN '*' ELSE d.brand END, CASE WHEN grouping(d.model) = 1 THEN '*' ELSE d.model END, CASE WHEN grouping(d.fuel) = 1 THEN '*' ELSE d.fuel END, CASE WHEN grouping(d.gearbox) = 1 THEN '*' ELSE d.gearbox END, CASE WHEN grouping(d.vehicle_type) = 1 THEN '*' ELSE d.vehicle_type END, CASE WHEN grouping(d.color) = 1 THEN '*' ELSE d.color END, sum(d.delta)
    FROM (SELECT brand, model, coalesce(fuel, '') AS fuel, coalesce(gearbox, '') AS gearbox, coalesce(vehicle_type, '') AS vehicle_type, coalesce(color, '') AS color, 1 AS delta FROM "listings" WHERE status = 'published') d
    GROUP BY CUBE (d.brand, d.model, d.fuel, d.gearbox, d.vehicle_type, d.color)
    HAVING sum(d.delta) <> 0
    -- Keys in one order: two statements lock the rows they share in the same order.
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("brand", "model", "fuel", "gearbox", "vehicle_type", "color") DO UPDATE SET "n" = c."n" + excluded."n";
