ALTER TABLE "listings" ADD COLUMN "equipment" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "service_history" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "warranty_months" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "warranty_kind" varchar(16);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "non_smoker" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "histovec_url" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "equipment" text[];--> statement-breakpoint
CREATE INDEX "listings_published_equipment_idx" ON "listings" USING gin ("equipment") WHERE "listings"."status" = 'published';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_warranty_months_check" CHECK ("listings"."warranty_months" between 0 and 60);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_warranty_kind_check" CHECK ("listings"."warranty_kind" in ('constructeur','professionnelle'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_equipment_count_check" CHECK (cardinality("listings"."equipment") <= 100);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_histovec_url_check" CHECK (length("listings"."histovec_url") <= 500);