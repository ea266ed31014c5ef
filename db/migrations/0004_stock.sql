CREATE TABLE "stock_ingest_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "stock_ingest_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stock_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"shop" text NOT NULL,
	"weather" text DEFAULT '' NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reporter_id" text,
	"token_id" bigint,
	"source_name" text NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_shop_settings" (
	"game_id" text NOT NULL,
	"shop" text NOT NULL,
	"name" text,
	"period_seconds" integer,
	"offset_seconds" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "stock_shop_settings_game_id_shop_pk" PRIMARY KEY("game_id","shop")
);
--> statement-breakpoint
ALTER TABLE "stock_ingest_tokens" ADD CONSTRAINT "stock_ingest_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reports" ADD CONSTRAINT "stock_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reports" ADD CONSTRAINT "stock_reports_token_id_stock_ingest_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."stock_ingest_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_shop_settings" ADD CONSTRAINT "stock_shop_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ingest_tokens_game_idx" ON "stock_ingest_tokens" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reports_current_idx" ON "stock_reports" USING btree ("game_id","shop","weather","window_start") WHERE "stock_reports"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "stock_reports_game_idx" ON "stock_reports" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "stock_reports_shop_idx" ON "stock_reports" USING btree ("game_id","shop","id");--> statement-breakpoint
CREATE INDEX "stock_reports_items_idx" ON "stock_reports" USING gin ("items" jsonb_path_ops);