CREATE TABLE "item_images" (
	"game_id" text NOT NULL,
	"item_id" text NOT NULL,
	"size" smallint NOT NULL,
	"version" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_images_game_id_item_id_size_pk" PRIMARY KEY("game_id","item_id","size")
);
--> statement-breakpoint
CREATE TABLE "suggestion_votes" (
	"suggestion_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_votes_suggestion_id_user_id_pk" PRIMARY KEY("suggestion_id","user_id"),
	CONSTRAINT "suggestion_votes_vote_check" CHECK ("suggestion_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "value_imports" (
	"game_id" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_ok" boolean,
	"last_result" text,
	"last_counts" jsonb,
	"unknown_items" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "value_suggestions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"value" double precision NOT NULL,
	"reason" text NOT NULL,
	"evidence_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "value_suggestions_status_check" CHECK ("value_suggestions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "item_value_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "item_value_changes" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "item_value_changes" ADD COLUMN "suggestion_id" bigint;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "value_source" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "value_source_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "exist_counts" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "image_file" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_game_id_item_id_items_game_id_id_fk" FOREIGN KEY ("game_id","item_id") REFERENCES "public"."items"("game_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_votes" ADD CONSTRAINT "suggestion_votes_suggestion_id_value_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."value_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_votes" ADD CONSTRAINT "suggestion_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_suggestions" ADD CONSTRAINT "value_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_suggestions" ADD CONSTRAINT "value_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_suggestions" ADD CONSTRAINT "value_suggestions_game_id_item_id_items_game_id_id_fk" FOREIGN KEY ("game_id","item_id") REFERENCES "public"."items"("game_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "value_suggestions_one_pending_key" ON "value_suggestions" USING btree ("user_id","game_id","item_id") WHERE "value_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "value_suggestions_item_idx" ON "value_suggestions" USING btree ("game_id","item_id","created_at");--> statement-breakpoint
CREATE INDEX "value_suggestions_status_idx" ON "value_suggestions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "value_suggestions_user_idx" ON "value_suggestions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "item_value_changes_source_idx" ON "item_value_changes" USING btree ("source","changed_at");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'grow-a-garden-stock-manager', 'blox-fruits-stock-manager', 'blox-fruits-value-editor', 'grow-a-garden-value-editor', 'adopt-me-value-editor', 'pet-simulator-99-value-editor', 'murder-mystery-2-value-editor', 'anime-adventures-value-editor', 'fisch-value-editor', 'pets-go-value-editor'));