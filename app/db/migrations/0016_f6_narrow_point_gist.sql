-- The spatial index serves one thing only: the capped count of a search by place alone over a
-- large circle (decision 0007; any other filter counts on its own B-tree). Its entries need
-- latitude and longitude for the exact distance and nothing else: the 11 other INCLUDE columns
-- of 0011 made every entry ~3× wider (fewer entries per page, more pages read per count).
-- (drizzle cannot express INCLUDE; app/db/schema.ts declares the same index without it.)
DROP INDEX IF EXISTS "listings_published_point_idx";--> statement-breakpoint
CREATE INDEX "listings_published_point_idx" ON "listings" USING gist (point("longitude", "latitude")) INCLUDE ("latitude", "longitude") WHERE "listings"."status" = 'published';
