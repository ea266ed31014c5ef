-- How names look (src/server/features/accounts/name-skeleton.ts): written with every username and display name; the server fills them in for rows stored before, on start. (The item_images table that drizzle-kit also listed here is 0006's: its snapshot had been left out of 0007-0009's.)
ALTER TABLE "profiles" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "display_name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_display_name_skeleton_key" ON "profiles" USING btree ("display_name_skeleton");--> statement-breakpoint
CREATE INDEX "profiles_username_skeleton_idx" ON "profiles" USING btree ("username_skeleton");
