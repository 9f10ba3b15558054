-- PDFs are compressed already (their streams and fonts deflated): Postgres's default storage for a
-- bytea tries pglz on every value over 2 kB before storing it out of line, which for a letter's PDF
-- finds nothing and costs about 0.4 ms of CPU per letter (a third of the embedded database's time
-- while a campaign is prepared). EXTERNAL stores them out of line without that try. Values written
-- before keep their storage; reads are unchanged.
ALTER TABLE "letters" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "letters" ALTER COLUMN "docs_pdf" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "mails" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;
