-- BA/BS mutabakatı (issue 33): a campaign has a kind ('cari' = the balance letter, 'babs' = one month's
-- Form Ba/Bs figures, its month in as_of's year and month); a BA/BS letter carries its documents list as
-- a second PDF beside the letter.
ALTER TABLE "campaigns" ADD COLUMN "kind" text DEFAULT 'cari' NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "docs_pdf" bytea;
