CREATE TABLE "launch_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"verification_token_hash" text,
	"verification_token_expires_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"is_og" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"last_mail_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "launch_subscribers_verificationTokenHash_unique" UNIQUE("verification_token_hash"),
	CONSTRAINT "launch_subscribers_unsubscribeTokenHash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE TABLE "pending_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text,
	"text_body" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_emails_due_idx" ON "pending_emails" USING btree ("status","priority","next_attempt_at");--> statement-breakpoint
CREATE INDEX "pending_emails_to_idx" ON "pending_emails" USING btree ("to_email","created_at");