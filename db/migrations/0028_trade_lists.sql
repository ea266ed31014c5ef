CREATE TABLE "trade_lists" (
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_lists_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "trade_list_items" (
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"variant" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "trade_list_items_user_id_game_id_side_position_pk" PRIMARY KEY("user_id","game_id","side","position"),
	CONSTRAINT "trade_list_items_side" CHECK ("trade_list_items"."side" in ('have', 'want')),
	CONSTRAINT "trade_list_items_quantity" CHECK ("trade_list_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "trade_match_notices" (
	"user_id" text NOT NULL,
	"ad_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_match_notices_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
ALTER TABLE "trade_lists" ADD CONSTRAINT "trade_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_list_items" ADD CONSTRAINT "trade_list_items_list_fk" FOREIGN KEY ("user_id","game_id") REFERENCES "public"."trade_lists"("user_id","game_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_list_items" ADD CONSTRAINT "trade_list_items_item_fk" FOREIGN KEY ("game_id","item_id") REFERENCES "public"."items"("game_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_match_notices" ADD CONSTRAINT "trade_match_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_match_notices" ADD CONSTRAINT "trade_match_notices_ad_id_trade_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."trade_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_list_items_item_idx" ON "trade_list_items" USING btree ("game_id","side","item_id");--> statement-breakpoint
CREATE INDEX "trade_match_notices_ad_idx" ON "trade_match_notices" USING btree ("ad_id");
