-- The history is never rewritten: an answer, a recording, a resolution is an event; a correction is a new one.
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION events_append_only();
