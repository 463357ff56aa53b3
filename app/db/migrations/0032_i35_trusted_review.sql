-- Issue 35, decision 0054: 'de confiance' dealers. Their imports' publications drawn for an
-- after-the-fact review wait in listing_review_samples (one row per listing until decided); the
-- journal gains the trust and review decisions (the action check widened: every existing row
-- still passes) and an index on the account a decision is about (a professional's card).
CREATE TABLE "listing_review_samples" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" varchar(8) NOT NULL,
	"revision" varchar(64) NOT NULL,
	"previous" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photos_changed" boolean DEFAULT false NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_review_samples_kind_check" CHECK ("listing_review_samples"."kind" in ('created','updated'))
);
--> statement-breakpoint
ALTER TABLE "moderation_events" DROP CONSTRAINT "moderation_events_action_check";--> statement-breakpoint
ALTER TABLE "listing_review_samples" ADD CONSTRAINT "listing_review_samples_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_review_samples" ADD CONSTRAINT "listing_review_samples_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_review_samples_sampled_idx" ON "listing_review_samples" USING btree ("sampled_at");--> statement-breakpoint
CREATE INDEX "listing_review_samples_owner_idx" ON "listing_review_samples" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "moderation_events_target_idx" ON "moderation_events" USING btree ("target_user_id","created_at" DESC NULLS LAST) WHERE "moderation_events"."target_user_id" is not null;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_action_check" CHECK ("moderation_events"."action" in ('validated','rejected','removed','report_dismissed','revision_validated','revision_rejected','account_warned','account_suspended','pro_verified','pro_refused','pro_trusted','pro_untrusted','sample_confirmed','sample_removed'));