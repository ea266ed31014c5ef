ALTER TABLE "trade_offers" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD COLUMN "cancel_requested_by" text;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_reviews" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_cancel_requested_by_users_id_fk" FOREIGN KEY ("cancel_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Trades accepted before the column existed: their decision was the acceptance.
UPDATE "trade_offers" SET "accepted_at" = "decided_at" WHERE "status" IN ('accepted', 'completed');--> statement-breakpoint
-- A completed trade counts unless the same two traders completed another in the 7 days before it.
UPDATE "trade_offers" o SET "counted" = true
FROM "trade_ads" a
WHERE a."id" = o."ad_id" AND o."status" = 'completed' AND NOT EXISTS (
  SELECT 1 FROM "trade_offers" p JOIN "trade_ads" pa ON pa."id" = p."ad_id"
  WHERE p."status" = 'completed' AND p."id" <> o."id"
    AND LEAST(p."user_id", pa."user_id") = LEAST(o."user_id", a."user_id")
    AND GREATEST(p."user_id", pa."user_id") = GREATEST(o."user_id", a."user_id")
    AND p."completed_at" < o."completed_at" AND p."completed_at" > o."completed_at" - interval '7 days'
);--> statement-breakpoint
-- A review counts unless its author reviewed the same trader in the 7 days before it.
UPDATE "trade_reviews" r SET "counted" = true
WHERE NOT EXISTS (
  SELECT 1 FROM "trade_reviews" p
  WHERE p."author_id" = r."author_id" AND p."subject_id" = r."subject_id" AND p."id" <> r."id"
    AND p."created_at" < r."created_at" AND p."created_at" > r."created_at" - interval '7 days'
);
