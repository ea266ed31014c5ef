CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"value_unit" text NOT NULL,
	"variant_labels" jsonb,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_value_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"item_id" text NOT NULL,
	"old_value" double precision,
	"new_value" double precision,
	"old_variants" jsonb,
	"new_variants" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"game_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"category" text,
	"rarity" text,
	"value" double precision,
	"variants" jsonb,
	"demand" real,
	"trend" text,
	"in_game_price" double precision,
	"robux_price" double precision,
	"notes" text,
	"value_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_game_id_id_pk" PRIMARY KEY("game_id","id")
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_value_changes_item_idx" ON "item_value_changes" USING btree ("game_id","item_id","changed_at");--> statement-breakpoint
CREATE INDEX "item_value_changes_changed_at_idx" ON "item_value_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "items_game_search_idx" ON "items" USING btree ("game_id","search_name");