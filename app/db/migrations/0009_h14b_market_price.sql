CREATE TABLE "market_price_dirty" (
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_price_dirty_brand_model_pk" PRIMARY KEY("brand","model")
);
--> statement-breakpoint
CREATE TABLE "market_price_models" (
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"intercept" double precision NOT NULL,
	"age_slope" double precision NOT NULL,
	"age_square" double precision NOT NULL,
	"km_slope" double precision NOT NULL,
	"fuel_effects" jsonb NOT NULL,
	"gearbox_effects" jsonb NOT NULL,
	"reference_year" smallint NOT NULL,
	"sigma" double precision NOT NULL,
	"sample_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_price_models_brand_model_pk" PRIMARY KEY("brand","model")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_level" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_estimate_low" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_estimate_high" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_comparables" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listings_published_deal_idx" ON "listings" USING btree ("price_level","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"fuel","gearbox","vehicle_type","color","price","year","mileage","brand","model","latitude","longitude") WHERE "listings"."status" = 'published';--> statement-breakpoint
-- Market price rating (decision 0015). One definition of the estimate and of the five levels,
-- used by the trigger below (a listing's own rating, in the transaction that changes it) and
-- by the pricing batch (app/features/pricing/refresh-market-prices.server.ts).
CREATE TYPE "market_price_rating" AS ("level" smallint, "estimate_low" integer, "estimate_high" integer, "comparables" integer);
--> statement-breakpoint
-- log(estimated price) of a listing under its model's row.
CREATE FUNCTION "market_price_log_estimate"(m "market_price_models", "year" integer, "mileage" integer, "fuel" text, "gearbox" text)
RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT m.intercept
    + m.age_slope * greatest(0, m.reference_year - "year")
    + m.age_square * power(greatest(0, m.reference_year - "year"), 2)
    + m.km_slope * ("mileage" / 10000.0)
    + coalesce((m.fuel_effects ->> "fuel")::double precision, 0)
    + coalesce((m.gearbox_effects ->> "gearbox")::double precision, 0)
$$;
--> statement-breakpoint
-- The level of a log price gap d under a model's spread: under the range (d < −0.6745·sigma)
-- 'Bonne affaire', under −1.5·sigma 'Très bonne affaire', symmetrically above.
CREATE FUNCTION "market_price_level"(d double precision, sigma double precision)
RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN d < -1.5 * sigma THEN 1
    WHEN d < -0.6745 * sigma THEN 2
    WHEN d <= 0.6745 * sigma THEN 3
    WHEN d <= 1.5 * sigma THEN 4
    ELSE 5
  END)::smallint
$$;
--> statement-breakpoint
-- The rating: the range is the estimate × exp(∓0.6745·sigma) (the middle half of the model's
-- prices at that age and mileage), rounded to 50 €; no level under 5 comparables. One
-- expression without FROM, so PostgreSQL inlines it (and market_price_log_estimate) into the
-- batch's UPDATE instead of running a query per listing.
CREATE FUNCTION "market_price_rate"(m "market_price_models", "price" integer, "year" integer, "mileage" integer, "fuel" text, "gearbox" text, "comparables" integer)
RETURNS "market_price_rating" LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN m.brand IS NULL OR "price" IS NULL OR "year" IS NULL OR "mileage" IS NULL
      THEN ROW(NULL::smallint, NULL::integer, NULL::integer, coalesce("comparables", 0))::"market_price_rating"
    WHEN "comparables" < 5
      THEN ROW(NULL::smallint, NULL::integer, NULL::integer, "comparables")::"market_price_rating"
    ELSE ROW(
      "market_price_level"(ln(greatest("price", 1)) - "market_price_log_estimate"(m, "year", "mileage", "fuel", "gearbox"), m.sigma),
      (round(exp("market_price_log_estimate"(m, "year", "mileage", "fuel", "gearbox") - 0.6745 * m.sigma) / 50) * 50)::integer,
      (round(exp("market_price_log_estimate"(m, "year", "mileage", "fuel", "gearbox") + 0.6745 * m.sigma) / 50) * 50)::integer,
      "comparables")::"market_price_rating"
  END
$$;
--> statement-breakpoint
-- A listing is rated at once when it is published or its price (or what it is) changes,
-- from its model's stored fit; leaving the published state clears the rating.
CREATE FUNCTION "listings_rate_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m "market_price_models";
  r "market_price_rating";
  n integer;
BEGIN
  IF NEW.status <> 'published' THEN
    NEW.price_level := NULL; NEW.price_estimate_low := NULL; NEW.price_estimate_high := NULL;
    NEW.price_comparables := NULL; NEW.price_rated_at := NULL;
    RETURN NEW;
  END IF;
  SELECT * INTO m FROM "market_price_models" WHERE brand = NEW.brand AND model = NEW.model;
  n := coalesce(m.sample_count, 0);
  -- The fit counted this listing when it was already published as the same model.
  IF TG_OP = 'UPDATE' AND OLD.status = 'published' AND OLD.brand = NEW.brand AND OLD.model = NEW.model
     AND OLD.published_at <= m.computed_at THEN
    n := greatest(n - 1, 0);
  END IF;
  r := "market_price_rate"(m, NEW.price, NEW.year, NEW.mileage, NEW.fuel, NEW.gearbox, n);
  NEW.price_level := r.level; NEW.price_estimate_low := r.estimate_low; NEW.price_estimate_high := r.estimate_high;
  NEW.price_comparables := r.comparables; NEW.price_rated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_rate_price" BEFORE INSERT OR UPDATE OF status, price, brand, model, year, mileage, fuel, gearbox ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listings_rate_price"();
--> statement-breakpoint
-- The models whose market changed, fitted again by the pricing refresher (coalesced per model).
CREATE FUNCTION "listings_mark_market_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'published' THEN
    INSERT INTO "market_price_dirty" (brand, model) VALUES (OLD.brand, OLD.model) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'published'
     AND (TG_OP = 'INSERT' OR OLD.status <> 'published' OR OLD.brand <> NEW.brand OR OLD.model <> NEW.model) THEN
    INSERT INTO "market_price_dirty" (brand, model) VALUES (NEW.brand, NEW.model) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_mark_market_dirty" AFTER INSERT OR DELETE OR UPDATE OF status, price, brand, model, year, mileage, fuel, gearbox ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listings_mark_market_dirty"();
