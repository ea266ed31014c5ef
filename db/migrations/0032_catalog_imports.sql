CREATE TABLE "catalog_imports" (
	"hash" text PRIMARY KEY NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
