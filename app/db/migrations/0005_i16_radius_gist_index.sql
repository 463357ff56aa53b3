-- Radius search through a spatial index (decision 0005-i16): both extensions ship with
-- PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/cube, …/earthdistance).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
-- INCLUDE (written by hand: drizzle cannot express it) holds the exact distance's inputs and
-- every filter column, so a radius count is an index-only scan of the circle's cube.
CREATE INDEX "listings_published_earth_idx" ON "listings" USING gist (ll_to_earth("latitude", "longitude"))
  INCLUDE ("latitude", "longitude", "fuel", "gearbox", "vehicle_type", "color", "price", "year", "mileage", "brand", "model", "published_at", "id")
  WHERE "listings"."status" = 'published';
