-- Who reported a stock report: a stock manager, a bot (ingest token) or the game feed (issue 39).
ALTER TABLE "stock_reports" ADD COLUMN "source" text DEFAULT 'manager' NOT NULL;--> statement-breakpoint
UPDATE "stock_reports" SET "source" = 'bot' WHERE "token_id" IS NOT NULL;--> statement-breakpoint
-- The upstream stock feed's reading, shared by every instance: what each shop's last read held, the
-- window it was reported for, the next read and the lease of the instance reading now.
CREATE TABLE "stock_feed_state" (
	"game_id" text PRIMARY KEY NOT NULL,
	"shops" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_read_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
-- Items the feed listed that the catalog has not (never invented): listed for the stock managers.
CREATE TABLE "stock_feed_unknown_items" (
	"game_id" text NOT NULL,
	"shop" text NOT NULL,
	"feed_id" text NOT NULL,
	"display_name" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"times_seen" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_feed_unknown_items_game_id_shop_feed_id_pk" PRIMARY KEY("game_id","shop","feed_id")
);
--> statement-breakpoint
CREATE INDEX "stock_feed_unknown_items_seen_idx" ON "stock_feed_unknown_items" USING btree ("game_id","last_seen_at");
