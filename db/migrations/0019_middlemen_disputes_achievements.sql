CREATE TABLE "user_achievements" (
	"user_id" text NOT NULL,
	"achievement_id" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" bigint NOT NULL,
	"user_id" text,
	"file" text NOT NULL,
	"width" bigint NOT NULL,
	"height" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" bigint NOT NULL,
	"user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"opener_id" text NOT NULL,
	"respondent_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" in ('not-received', 'wrong-items', 'scam', 'other')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'upheld', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "middleman_ratings" (
	"request_id" bigint NOT NULL,
	"author_id" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "middleman_ratings_request_id_author_id_pk" PRIMARY KEY("request_id","author_id"),
	CONSTRAINT "middleman_ratings_rating_check" CHECK ("middleman_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "middleman_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'open' NOT NULL,
	"middleman_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "middleman_requests_status_check" CHECK ("middleman_requests"."status" in ('open', 'claimed', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "middlemen" (
	"user_id" text PRIMARY KEY NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opener_id_users_id_fk" FOREIGN KEY ("opener_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_respondent_id_users_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middleman_ratings" ADD CONSTRAINT "middleman_ratings_request_id_middleman_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."middleman_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middleman_ratings" ADD CONSTRAINT "middleman_ratings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middleman_requests" ADD CONSTRAINT "middleman_requests_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middleman_requests" ADD CONSTRAINT "middleman_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middleman_requests" ADD CONSTRAINT "middleman_requests_middleman_id_users_id_fk" FOREIGN KEY ("middleman_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middlemen" ADD CONSTRAINT "middlemen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_key" ON "disputes" USING btree ("offer_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_opener_idx" ON "disputes" USING btree ("opener_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_respondent_idx" ON "disputes" USING btree ("respondent_id","status");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "middleman_requests_open_key" ON "middleman_requests" USING btree ("offer_id") WHERE "middleman_requests"."status" in ('open', 'claimed');--> statement-breakpoint
CREATE INDEX "middleman_requests_queue_idx" ON "middleman_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "middleman_requests_middleman_idx" ON "middleman_requests" USING btree ("middleman_id","status");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'moderator', 'guide-editor', 'middleman', 'grow-a-garden-stock-manager', 'blox-fruits-stock-manager', 'blox-fruits-value-editor', 'grow-a-garden-value-editor', 'adopt-me-value-editor', 'pet-simulator-99-value-editor', 'murder-mystery-2-value-editor', 'anime-adventures-value-editor', 'fisch-value-editor', 'pets-go-value-editor'));