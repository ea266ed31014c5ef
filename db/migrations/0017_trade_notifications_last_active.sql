-- Trade notifications beyond the site: the marketplace's notices by e-mail (in the alert mail) and on the
-- Discord webhook, each switched on by the trader (off until then).
ALTER TABLE "alert_settings" ADD COLUMN "email_trades" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "discord_trades" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The last activity of a user outlives their sessions: a deleted session (signed out, signed out
-- everywhere by an admin, suspended, expired and cleared) leaves its last activity on the user, so the
-- admin's "Last active" keeps it once no session is left.
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "remember_last_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "last_active_at" = OLD."updated_at"
  WHERE "id" = OLD."user_id" AND ("last_active_at" IS NULL OR "last_active_at" < OLD."updated_at");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_remember_last_activity" AFTER DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "remember_last_activity"();
