CREATE TABLE "stock_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"url" text NOT NULL,
	"interval_seconds" integer DEFAULT 21600 NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"etag" text,
	"last_modified" text,
	"current_run_id" uuid,
	"last_run_id" uuid,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_feeds" ADD CONSTRAINT "stock_feeds_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_feeds_owner_idx" ON "stock_feeds" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stock_feeds_next_run_idx" ON "stock_feeds" USING btree ("next_run_at");