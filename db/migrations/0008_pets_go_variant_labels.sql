-- PETS GO! prices come in the same variants as Pet Simulator 99's (the official import writes them):
-- their labels, on databases made before the catalog had them.
UPDATE "games"
SET "variant_labels" = '{"normal":"Normal","golden":"Golden","rainbow":"Rainbow","shiny":"Shiny","golden-shiny":"Golden Shiny","rainbow-shiny":"Rainbow Shiny"}'::jsonb
WHERE "id" = 'pets-go' AND "variant_labels" IS NULL;
