-- Trade notifications beyond the site: the marketplace's notices by e-mail (in the alert mail) and on the
-- Discord webhook, each switched on by the trader (off until then).
ALTER TABLE "alert_settings" ADD COLUMN "email_trades" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "discord_trades" boolean DEFAULT false NOT NULL;
