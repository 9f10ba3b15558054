-- A job queued wakes the workers at once: every statement that inserts into "jobs" notifies the
-- channel cari_jobs, delivered when its transaction commits, to every instance listening (PGlite's
-- own connection included). A worker still polls when nothing comes; a notice only shortens its wait.
-- Postgres folds a transaction's identical notices into one.
CREATE FUNCTION jobs_queued_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cari_jobs', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_queued AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION jobs_queued_notify();
