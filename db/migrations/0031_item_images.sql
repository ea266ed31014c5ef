-- Item pictures imported from the games' own sources (docs/decisions/048-item-pictures.md).
-- Where each stored picture came from: 'upload' (the value team, by hand) or 'import'. Pictures stored
-- before this migration were all uploaded by hand.
ALTER TABLE "item_images" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_source_check" CHECK ("item_images"."source" in ('upload', 'import'));--> statement-breakpoint
CREATE TABLE "item_image_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "item_image_jobs_status_check" CHECK ("item_image_jobs"."status" in ('running', 'finished', 'failed', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "item_image_jobs" ADD CONSTRAINT "item_image_jobs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_image_jobs" ADD CONSTRAINT "item_image_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_image_jobs_one_running_key" ON "item_image_jobs" USING btree ("game_id") WHERE "item_image_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "item_image_jobs_game_idx" ON "item_image_jobs" USING btree ("game_id","id");--> statement-breakpoint
CREATE TABLE "item_image_origins" (
	"game_id" text NOT NULL,
	"item_id" text NOT NULL,
	"url" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_image_origins_game_id_item_id_pk" PRIMARY KEY("game_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_image_origins" ADD CONSTRAINT "item_image_origins_game_id_item_id_items_game_id_id_fk" FOREIGN KEY ("game_id","item_id") REFERENCES "public"."items"("game_id","id") ON DELETE cascade ON UPDATE no action;
