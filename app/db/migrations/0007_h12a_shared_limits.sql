CREATE TABLE "counter_dedupe" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"hits" bigint[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_windows_name_key_pk" PRIMARY KEY("name","key")
);
--> statement-breakpoint
CREATE INDEX "counter_dedupe_expires_idx" ON "counter_dedupe" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_idx" ON "rate_limit_windows" USING btree ("expires_at");--> statement-breakpoint
-- Short-lived rows rewritten on every attempt: no write-ahead log (lost on a crash or a
-- failover, which only resets the windows).
ALTER TABLE "counter_dedupe" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
