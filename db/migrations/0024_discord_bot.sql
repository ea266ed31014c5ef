CREATE TABLE "discord_bot_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"track_id" bigint,
	"post_key" text,
	"message_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_links" (
	"discord_user_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"username" text,
	"dm_channel_id" text,
	"last_notification_id" bigint DEFAULT 0 NOT NULL,
	"dm_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_links_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "discord_tracks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"game_id" text NOT NULL,
	"role_id" text,
	"rarity" text,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"switched_off_at" timestamp with time zone,
	"problem" text,
	"problem_told_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "discord_bot_messages" ADD CONSTRAINT "discord_bot_messages_track_id_discord_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."discord_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_links" ADD CONSTRAINT "discord_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discord_bot_messages_due_idx" ON "discord_bot_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "discord_bot_messages_post_idx" ON "discord_bot_messages" USING btree ("track_id","post_key");--> statement-breakpoint
CREATE UNIQUE INDEX "discord_tracks_channel_game_idx" ON "discord_tracks" USING btree ("channel_id","game_id");--> statement-breakpoint
CREATE INDEX "discord_tracks_game_idx" ON "discord_tracks" USING btree ("game_id") WHERE "discord_tracks"."switched_off_at" is null;--> statement-breakpoint
CREATE INDEX "discord_tracks_guild_idx" ON "discord_tracks" USING btree ("guild_id");