-- Radius search served by a spatial index (issue 16, decision 0007): a GiST R-tree of
-- point(longitude, latitude), built in (no extension: PGlite has it too). INCLUDE makes it
-- index-only: the exact great-circle distance and every filter are tested on the entry.
-- (drizzle cannot express INCLUDE; app/db/schema.ts declares the same index without it.)
CREATE INDEX "listings_published_point_idx" ON "listings" USING gist (point("longitude", "latitude")) INCLUDE ("latitude", "longitude", "fuel", "gearbox", "vehicle_type", "color", "price", "year", "mileage", "brand", "model", "published_at", "id") WHERE "listings"."status" = 'published';
