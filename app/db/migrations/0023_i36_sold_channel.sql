-- Issue 36, decision 0042: the answer to 'Vendu sur Occazio ?'. A new, empty column: the check
-- needs no scan of existing rows (NOT VALID), it holds for every row written from now on.
ALTER TABLE "listings" ADD COLUMN "sold_channel" varchar(12);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_sold_channel_check" CHECK ("listings"."sold_channel" in ('occazio','ailleurs','non_precise')) NOT VALID;