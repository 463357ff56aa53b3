-- Issue 35, decision 0046: a professional imports its stock. Each imported listing carries the
-- dealer's own reference (unique per owner among live listings: a sold or deleted one frees it)
-- and the fingerprint of its last imported row; runs keep their report 90 days; photos by URL
-- remember their ETag and content hash (decision 0047). New, empty columns: no rewrite; the partial
-- index reads the table once and holds no entry until a pro imports.
CREATE TABLE "stock_import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"source" varchar(8) DEFAULT 'file' NOT NULL,
	"file_name" text,
	"file_key" text,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"failure_reason" text,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"photos_fetched" integer DEFAULT 0 NOT NULL,
	"photos_failed" integer DEFAULT 0 NOT NULL,
	"rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_withdrawals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"encoding" varchar(16),
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "stock_import_runs_status_check" CHECK ("stock_import_runs"."status" in ('queued','running','held','done','failed')),
	CONSTRAINT "stock_import_runs_source_check" CHECK ("stock_import_runs"."source" in ('file','feed'))
);
--> statement-breakpoint
CREATE TABLE "stock_photo_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"etag" text,
	"last_modified" text,
	"content_hash" varchar(64),
	"photo_id" uuid,
	"run_id" uuid,
	"fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_photo_sources_status_check" CHECK ("stock_photo_sources"."status" in ('pending','fetched','failed'))
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "stock_reference" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "import_fingerprint" varchar(64);--> statement-breakpoint
ALTER TABLE "stock_import_runs" ADD CONSTRAINT "stock_import_runs_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_photo_sources" ADD CONSTRAINT "stock_photo_sources_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_import_runs_owner_idx" ON "stock_import_runs" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_import_runs_created_idx" ON "stock_import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_photo_sources_listing_position_idx" ON "stock_photo_sources" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_owner_stock_reference_idx" ON "listings" USING btree ("owner_id","stock_reference") WHERE "listings"."stock_reference" is not null and "listings"."status" not in ('sold','deleted');