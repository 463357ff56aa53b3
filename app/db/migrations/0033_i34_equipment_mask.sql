-- Hand-written header (issue 34, decision 0056): the equipment as bits of a bigint, computed by
-- PostgreSQL from listings.equipment (a stored generated column, like critair in 0022), so every
-- write path keeps it; then the seven ordered search indexes rebuilt with it as their last key
-- column, so `equipment_mask & m = m` is tested on the index entry (index-only counts and pages).
-- Bit i = the (i+1)-th element below = EQUIPMENT_MASK_ORDER of
-- app/features/catalogue/equipment-mask.ts: APPEND ONLY (a new item: CREATE OR REPLACE this
-- function with the longer list in a new migration; no stored row holds the new slug yet, so none
-- needs recomputing). tests/integration/equipment-mask.test.ts compares the two lists.
-- The indexes are dropped before the column is added: adding a stored generated column rewrites
-- the table and every index left on it. On a live database, build the new indexes CONCURRENTLY first.
CREATE FUNCTION public.occazio_equipment_mask(equipment text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- An item outside the list has no position: its shift is NULL, which bit_or skips.
  SELECT coalesce(bit_or(1::bigint << (array_position(ARRAY[
    'climatisation-manuelle',
    'climatisation-automatique',
    'sieges-chauffants',
    'sieges-electriques',
    'sieges-massants',
    'sellerie-cuir',
    'volant-chauffant',
    'acces-demarrage-sans-cle',
    'regulateur-de-vitesse',
    'limiteur-de-vitesse',
    'vitres-electriques',
    'retroviseurs-rabattables',
    'hayon-electrique',
    'affichage-tete-haute',
    'regulateur-adaptatif',
    'camera-de-recul',
    'camera-360',
    'radar-de-stationnement-arriere',
    'radar-de-stationnement-avant',
    'aide-au-stationnement',
    'alerte-franchissement-de-ligne',
    'surveillance-angles-morts',
    'freinage-urgence-automatique',
    'lecture-panneaux',
    'detecteur-de-fatigue',
    'phares-led',
    'phares-adaptatifs',
    'allumage-automatique-des-feux',
    'detecteur-de-pluie',
    'quatre-roues-motrices',
    'gps',
    'apple-carplay',
    'android-auto',
    'bluetooth',
    'ecran-tactile',
    'recharge-sans-fil',
    'systeme-audio-premium',
    'compteur-numerique',
    'toit-ouvrant',
    'toit-panoramique',
    'jantes-alliage',
    'attelage',
    'barres-de-toit',
    'vitres-arriere-surteintees',
    'peinture-metallisee'
  ]::text[], e.slug) - 1)), 0)
  FROM unnest(equipment) AS e(slug)
$$;--> statement-breakpoint
DROP INDEX "listings_published_recent_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_published_price_idx";--> statement-breakpoint
DROP INDEX "listings_published_brand_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_geo_idx";--> statement-breakpoint
DROP INDEX "listings_published_deal_idx";--> statement-breakpoint
DROP INDEX "listings_published_critair_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "equipment_mask" bigint GENERATED ALWAYS AS (occazio_equipment_mask(equipment)) STORED;--> statement-breakpoint
CREATE INDEX "listings_published_recent_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude","equipment_mask") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_model_idx" ON "listings" USING btree ("brand","model","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","latitude","longitude","equipment_mask") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_price_idx" ON "listings" USING btree ("price","id","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","year","mileage","brand","model","latitude","longitude","equipment_mask") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_brand_geo_idx" ON "listings" USING btree ("brand","latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","model","equipment_mask") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_geo_idx" ON "listings" USING btree ("latitude","longitude","fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","equipment_mask","published_at","id") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","critair","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude","equipment_mask") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_critair_idx" ON "listings" USING btree ("critair","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","doors","seats","owner_count","din_power","price","year","mileage","brand","model","latitude","longitude","equipment_mask") WHERE "listings"."status" = 'published';