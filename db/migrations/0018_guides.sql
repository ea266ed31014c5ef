-- The guides (/guides) and their revisions; the guide-editor role.
CREATE TABLE "guide_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guide_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"by_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"game" text,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "guides_slug_unique" UNIQUE("slug"),
	CONSTRAINT "guides_status_check" CHECK ("guides"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_revisions_guide_idx" ON "guide_revisions" USING btree ("guide_id","at");--> statement-breakpoint
CREATE INDEX "guides_status_idx" ON "guides" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'moderator', 'guide-editor', 'grow-a-garden-stock-manager', 'blox-fruits-stock-manager', 'blox-fruits-value-editor', 'grow-a-garden-value-editor', 'adopt-me-value-editor', 'pet-simulator-99-value-editor', 'murder-mystery-2-value-editor', 'anime-adventures-value-editor', 'fisch-value-editor', 'pets-go-value-editor'));