-- Hand-written (issue 34, decision 0039): the Crit'Air class of the arrêté du 21 juin 2016
-- (annexe I, as amended) for the stored column listings.critair. The same table as
-- app/features/catalogue/critair.ts (the browser's preview); tests/integration/critair.test.ts
-- compares the two on every cell. 0–5, 6 = 'Non classé', NULL = cannot be computed. Changing
-- this function does not recompute stored rows: a later amendment also updates the listings
-- it moves (any UPDATE of a row recomputes its generated column).
CREATE FUNCTION public.occazio_critair(vehicle_type text, fuel text, euro_norm text, first_registration text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN fuel = 'Electrique' THEN 0
    WHEN fuel IN ('GPL', 'Gaz naturel (CNG)', 'Hybride rechargeable') THEN 1
    -- A non-rechargeable hybrid is classed as its fuel: 'Hybride' is a petrol hybrid.
    WHEN fuel IN ('Essence', 'Hybride') THEN
      CASE WHEN st.stage IS NULL THEN NULL WHEN st.stage >= 5 THEN 1 WHEN st.stage = 4 THEN 2 WHEN st.stage >= 2 THEN 3 ELSE 6 END
    WHEN fuel = 'Diesel' THEN
      CASE WHEN st.stage IS NULL THEN NULL WHEN st.stage >= 5 THEN 2 WHEN st.stage = 4 THEN 3 WHEN st.stage = 3 THEN 4 WHEN st.stage = 2 THEN 5 ELSE 6 END
  END)::smallint
  FROM (
    SELECT CASE
      WHEN first_registration ~ '^(0[1-9]|1[0-2])/[0-9]{4}$'
        THEN substr(first_registration, 4, 4)::int * 12 + substr(first_registration, 1, 2)::int - 1
    END AS m
  ) r,
  LATERAL (
    SELECT CASE
      -- The standard when the seller gave it (field V.9 of the registration certificate)…
      WHEN euro_norm = 'Euro 1' THEN 1
      WHEN euro_norm = 'Euro 2' THEN 2
      WHEN euro_norm = 'Euro 3' THEN 3
      WHEN euro_norm = 'Euro 4' THEN 4
      WHEN euro_norm = 'Euro 5' THEN 5
      WHEN euro_norm IN ('Euro 6', 'Euro 6b', 'Euro 6c', 'Euro 6d-TEMP', 'Euro 6d') THEN 6
      -- …otherwise the stage the annexe presumes from the first registration (months since year 0).
      WHEN r.m IS NULL THEN NULL
      WHEN r.m >= 2011 * 12 THEN 5
      WHEN r.m >= 2006 * 12 THEN 4
      WHEN r.m >= 2001 * 12 THEN 3
      -- Light commercial vehicles (N1, body 'Utilitaire') are classed from 1 October 1997.
      WHEN r.m >= CASE WHEN vehicle_type = 'Utilitaire' THEN 1997 * 12 + 9 ELSE 1997 * 12 END THEN 2
      ELSE 1
    END AS stage
  ) st
$$;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "euro_norm" varchar(16);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "inspection_date" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "inspection_result" varchar(16);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "owner_count" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "critair" smallint GENERATED ALWAYS AS (public.occazio_critair(vehicle_type, fuel, euro_norm, first_registration)) STORED;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "critair_max" smallint;--> statement-breakpoint
-- 'Crit'Air : N ou mieux': the class leads (a range), then the newest first and every other
-- filter as trailing key columns, like listings_published_deal_idx.
CREATE INDEX "listings_published_critair_idx" ON "listings" USING btree ("critair","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","seller_kind","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_euro_norm_check" CHECK ("listings"."euro_norm" in ('Euro 1','Euro 2','Euro 3','Euro 4','Euro 5','Euro 6','Euro 6b','Euro 6c','Euro 6d-TEMP','Euro 6d'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_inspection_result_check" CHECK ("listings"."inspection_result" in ('favorable','defavorable','not_required'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_owner_count_check" CHECK ("listings"."owner_count" between 1 and 99);