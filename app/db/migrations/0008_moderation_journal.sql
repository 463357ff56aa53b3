ALTER TABLE "moderation_events" DROP CONSTRAINT "moderation_events_action_check";--> statement-breakpoint
ALTER TABLE "moderation_events" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD COLUMN "target_user_id" text;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_events_created_idx" ON "moderation_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_events_moderator_idx" ON "moderation_events" USING btree ("moderator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_action_check" CHECK ("moderation_events"."action" in ('validated','rejected','removed','report_dismissed','revision_validated','revision_rejected','account_warned','account_suspended'));