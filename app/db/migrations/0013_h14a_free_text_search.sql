-- Free-text search (issue 14, docs/decisions/0018-free-text-search.md). Written by hand before
-- the generated statements: the extensions (trusted, so the database owner may create them; on
-- PGlite they are loaded by openDatabase), a French configuration that folds accents before
-- stemming, and an immutable accent-and-case folding function usable in generated columns.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.occazio_fr (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.occazio_fr ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, french_stem;--> statement-breakpoint
CREATE FUNCTION public.occazio_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('occazio_fr'::regconfig, coalesce(brand, '') || ' ' || coalesce(model, '')), 'A')
  || setweight(to_tsvector('occazio_fr'::regconfig, coalesce(fuel, '') || ' ' || coalesce(gearbox, '') || ' ' || coalesce(vehicle_type, '') || ' ' || coalesce(color, '')), 'B')
  || setweight(to_tsvector('occazio_fr'::regconfig, coalesce(city, '') || ' ' || coalesce(postal_code, '')), 'C')
  || setweight(to_tsvector('occazio_fr'::regconfig, left(coalesce(description, ''), 20000)), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.occazio_fold(brand || ' ' || model)) STORED;--> statement-breakpoint
CREATE INDEX "listings_published_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_search_name_idx" ON "listings" USING gin ("search_name" gin_trgm_ops) WHERE "listings"."status" = 'published';