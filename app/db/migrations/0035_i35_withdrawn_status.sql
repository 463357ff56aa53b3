-- Issue 35, decision 0058: 'Retirer de la vente' takes a published listing offline for a while
-- (status 'withdrawn', put back by 'Remettre en vente'); 'Supprimer' stays 'deleted'. The status
-- check is widened (every existing row still passes); the stock reference index keeps excluding
-- only 'sold' and 'deleted': a withdrawn car is still in stock and keeps its reference.
ALTER TABLE "listings" DROP CONSTRAINT "listings_status_check";--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('draft','pending','published','rejected','sold','deleted','withdrawn'));