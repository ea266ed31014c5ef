-- One number for an item's value and its default variant (decision 024): the default variant (Blox Fruits
-- Physical fruit, Adopt Me Fly Ride, Pet Simulator 99 and PETS GO! Normal) is stored only as items.value.
-- Where the two disagree today, the one changed later wins: the newest change record that changed the
-- value against the newest one that changed the default variant; on a tie (the catalog import wrote
-- both at once) the value wins. A row whose value the variant replaces gets a change record saying so.
WITH "defaults"("game_id", "key") AS (
  VALUES ('blox-fruits', 'physical'), ('adopt-me', 'fly-ride'), ('pet-simulator-99', 'normal'), ('pets-go', 'normal')
), "disagree" AS (
  SELECT i."game_id", i."id", d."key", i."value", i."variants",
    (i."variants" ->> d."key")::double precision AS "variant_value",
    (SELECT max(c."changed_at") FROM "item_value_changes" c
      WHERE c."game_id" = i."game_id" AND c."item_id" = i."id"
        AND c."old_value" IS DISTINCT FROM c."new_value") AS "value_at",
    (SELECT max(c."changed_at") FROM "item_value_changes" c
      WHERE c."game_id" = i."game_id" AND c."item_id" = i."id"
        AND (c."old_variants" ->> d."key") IS DISTINCT FROM (c."new_variants" ->> d."key")) AS "variant_at"
  FROM "items" i JOIN "defaults" d ON d."game_id" = i."game_id"
  WHERE (i."variants" -> d."key") IS NOT NULL
    AND i."value" IS DISTINCT FROM (i."variants" ->> d."key")::double precision
), "variant_wins" AS (
  SELECT * FROM "disagree" WHERE "variant_at" > coalesce("value_at", '-infinity'::timestamptz)
), "recorded" AS (
  INSERT INTO "item_value_changes" ("game_id", "item_id", "old_value", "new_value", "old_variants", "new_variants", "source", "reason")
  SELECT "game_id", "id", "value", "variant_value", "variants", "variants" - "key", 'editor',
    'One value for the item and its default variant: the variant''s value, changed later, is kept'
  FROM "variant_wins"
  RETURNING 1
)
UPDATE "items" i
SET "value" = w."variant_value", "value_changed_at" = now(), "value_source" = 'editor',
  "value_source_at" = now(), "updated_at" = now()
FROM "variant_wins" w
WHERE i."game_id" = w."game_id" AND i."id" = w."id";
--> statement-breakpoint
UPDATE "items"
SET "variants" = "variants" - CASE "game_id" WHEN 'blox-fruits' THEN 'physical' WHEN 'adopt-me' THEN 'fly-ride' ELSE 'normal' END
WHERE "game_id" IN ('blox-fruits', 'adopt-me', 'pet-simulator-99', 'pets-go')
  AND ("variants" -> CASE "game_id" WHEN 'blox-fruits' THEN 'physical' WHEN 'adopt-me' THEN 'fly-ride' ELSE 'normal' END) IS NOT NULL;
