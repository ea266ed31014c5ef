ALTER TABLE "trade_offers" ADD COLUMN "terms_by" text DEFAULT 'offerer' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD COLUMN "terms_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "trade_offer_terms" (
	"offer_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"proposed_by" text NOT NULL,
	"user_id" text NOT NULL,
	"offering" jsonb NOT NULL,
	"requesting" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_offer_terms_offer_id_round_pk" PRIMARY KEY("offer_id","round")
);
--> statement-breakpoint
ALTER TABLE "trade_offer_terms" ADD CONSTRAINT "trade_offer_terms_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_terms" ADD CONSTRAINT "trade_offer_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every offer made before counters existed: its terms are its first (and only) round, proposed by its offerer.
INSERT INTO "trade_offer_terms" ("offer_id", "round", "proposed_by", "user_id", "offering", "requesting", "created_at")
SELECT o."id", 1, 'offerer', o."user_id",
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('itemId', i."item_id", 'variant', i."variant", 'quantity', i."quantity") ORDER BY i."position")
    FROM "trade_offer_items" i WHERE i."offer_id" = o."id" AND i."side" = 'offering'
  ), '[]'::jsonb),
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('itemId', i."item_id", 'variant', i."variant", 'quantity', i."quantity") ORDER BY i."position")
    FROM "trade_offer_items" i WHERE i."offer_id" = o."id" AND i."side" = 'requesting'
  ), '[]'::jsonb),
  o."created_at"
FROM "trade_offers" o;
