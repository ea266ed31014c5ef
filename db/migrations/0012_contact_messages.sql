-- Messages sent with the contact form (/contact), listed in the admin area with their status.
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
-- Five Secret Fisch fish were named by an emoji alone (blank boxes where no emoji font is installed):
-- readable names on databases made before the catalog had them, the emoji kept as an alias. Ids stay.
UPDATE "items" SET "name" = 'Emoji Whale', "search_name" = 'emoji whale', "aliases" = '["🐋"]'::jsonb WHERE "game_id" = 'fisch' AND "id" = 'item-1f40b' AND "name" = '🐋';--> statement-breakpoint
UPDATE "items" SET "name" = 'Emoji Fish', "search_name" = 'emoji fish', "aliases" = '["🐟"]'::jsonb WHERE "game_id" = 'fisch' AND "id" = '-2' AND "name" = '🐟';--> statement-breakpoint
UPDATE "items" SET "name" = 'Emoji Blowfish', "search_name" = 'emoji blowfish', "aliases" = '["🐡"]'::jsonb WHERE "game_id" = 'fisch' AND "id" = '-3' AND "name" = '🐡';--> statement-breakpoint
UPDATE "items" SET "name" = 'Emoji Shark', "search_name" = 'emoji shark', "aliases" = '["🦈"]'::jsonb WHERE "game_id" = 'fisch' AND "id" = '-4' AND "name" = '🦈';--> statement-breakpoint
UPDATE "items" SET "name" = 'Emoji Squid', "search_name" = 'emoji squid', "aliases" = '["🦑"]'::jsonb WHERE "game_id" = 'fisch' AND "id" = '-5' AND "name" = '🦑';
