-- Issue 34, decision 0053: a photo added to a published listing waits for a moderator
-- (pending_since set; null = goes with its listing, every existing row). Adding a nullable
-- column and an index on an empty predicate is instant.
ALTER TABLE "listing_photos" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listing_photos_pending_idx" ON "listing_photos" USING btree ("pending_since","listing_id") WHERE "listing_photos"."pending_since" is not null;