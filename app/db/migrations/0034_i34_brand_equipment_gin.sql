-- Decision 0060: the equipment GIN index gets the brand as its first column (btree_gin), so that
-- a rare combination inside a big brand is counted from two posting lists. The new index is built
-- before the old one goes: a live database always has one to answer `equipment @>`.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_published_brand_equipment_idx" ON "listings" USING gin ("brand","equipment") WHERE "listings"."status" = 'published';--> statement-breakpoint
DROP INDEX IF EXISTS "listings_published_equipment_idx";
