ALTER TABLE "notifications" ADD COLUMN "discord" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Restock and value alerts written before the flag existed kept going to a connected Discord's DMs.
UPDATE "notifications" SET "discord" = true WHERE "kind" IN ('restock', 'value');
