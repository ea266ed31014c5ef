CREATE TABLE "trade_ad_items" (
	"ad_id" bigint NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	"game_id" text NOT NULL,
	"item_id" text NOT NULL,
	"variant" text,
	"quantity" integer NOT NULL,
	CONSTRAINT "trade_ad_items_ad_id_side_position_pk" PRIMARY KEY("ad_id","side","position")
);
--> statement-breakpoint
CREATE TABLE "trade_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hours" integer NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"expiring_notice_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_confirmations" (
	"offer_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_confirmations_offer_id_user_id_pk" PRIMARY KEY("offer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trade_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offer_items" (
	"offer_id" bigint NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"variant" text,
	"quantity" integer NOT NULL,
	CONSTRAINT "trade_offer_items_offer_id_side_position_pk" PRIMARY KEY("offer_id","side","position")
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"as_requested" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trade_ad_items" ADD CONSTRAINT "trade_ad_items_ad_id_trade_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."trade_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ads" ADD CONSTRAINT "trade_ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_confirmations" ADD CONSTRAINT "trade_confirmations_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_confirmations" ADD CONSTRAINT "trade_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_items" ADD CONSTRAINT "trade_offer_items_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_ad_id_trade_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."trade_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_ad_items_item_idx" ON "trade_ad_items" USING btree ("game_id","item_id","side","ad_id");--> statement-breakpoint
CREATE INDEX "trade_ads_open_idx" ON "trade_ads" USING btree ("game_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trade_ads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_ads_open_all_idx" ON "trade_ads" USING btree ("listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trade_ads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_ads_user_idx" ON "trade_ads" USING btree ("user_id","game_id","status");--> statement-breakpoint
CREATE INDEX "trade_ads_tags_idx" ON "trade_ads" USING gin ("tags") WHERE "trade_ads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_ads_expiry_idx" ON "trade_ads" USING btree ("expires_at") WHERE "trade_ads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_messages_offer_idx" ON "trade_messages" USING btree ("offer_id","id");--> statement-breakpoint
CREATE INDEX "trade_offers_ad_idx" ON "trade_offers" USING btree ("ad_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trade_offers_user_idx" ON "trade_offers" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_pending_key" ON "trade_offers" USING btree ("ad_id","user_id") WHERE "trade_offers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_accepted_key" ON "trade_offers" USING btree ("ad_id") WHERE "trade_offers"."status" in ('accepted', 'completed');