CREATE TABLE "pro_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"company_name" text NOT NULL,
	"siret" varchar(14) NOT NULL,
	"address_line" text NOT NULL,
	"postal_code" varchar(5) NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"logo_key" text,
	"logo_variant_widths" integer[],
	"presentation" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"refusal_reason" text,
	"trusted" smallint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pro_profiles_status_check" CHECK ("pro_profiles"."status" in ('pending','verified','refused','suspended')),
	CONSTRAINT "pro_profiles_siret_check" CHECK ("pro_profiles"."siret" ~ '^[0-9]{14}$'),
	CONSTRAINT "pro_profiles_postal_code_check" CHECK ("pro_profiles"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "seller_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"published_count" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"published_last12_months" integer DEFAULT 0 NOT NULL,
	"conversations90d" integer DEFAULT 0 NOT NULL,
	"answered90d" integer DEFAULT 0 NOT NULL,
	"median_response_seconds" integer,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_events" DROP CONSTRAINT "moderation_events_action_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "seller_kind" varchar(8) DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "pro_profiles" ADD CONSTRAINT "pro_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_profiles" ADD CONSTRAINT "pro_profiles_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_stats" ADD CONSTRAINT "seller_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pro_profiles_slug_idx" ON "pro_profiles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_profiles_verified_siret_idx" ON "pro_profiles" USING btree ("siret") WHERE "pro_profiles"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "pro_profiles_pending_idx" ON "pro_profiles" USING btree ("submitted_at") WHERE "pro_profiles"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listings_published_owner_idx" ON "listings" USING btree ("owner_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'published';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_kind_check" CHECK ("listings"."seller_kind" in ('private','pro'));--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_action_check" CHECK ("moderation_events"."action" in ('validated','rejected','removed','report_dismissed','revision_validated','revision_rejected','account_warned','account_suspended','pro_verified','pro_refused'));--> statement-breakpoint
-- Who sells a listing (issue 33): 'pro' once its owner has a professional profile, whatever
-- path inserts the listing (wizard, import, demo, benches), and every listing of an account
-- follows the account when it becomes professional (or stops being one).
CREATE FUNCTION occazio_listing_seller_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seller_kind := CASE WHEN EXISTS (SELECT 1 FROM pro_profiles p WHERE p.user_id = NEW.owner_id) THEN 'pro' ELSE 'private' END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_seller_kind BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION occazio_listing_seller_kind();--> statement-breakpoint
CREATE FUNCTION occazio_pro_profile_seller_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE listings SET seller_kind = 'private' WHERE owner_id = OLD.user_id AND seller_kind <> 'private';
    RETURN OLD;
  END IF;
  UPDATE listings SET seller_kind = 'pro' WHERE owner_id = NEW.user_id AND seller_kind <> 'pro';
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER pro_profiles_seller_kind AFTER INSERT OR DELETE ON pro_profiles FOR EACH ROW EXECUTE FUNCTION occazio_pro_profile_seller_kind();
