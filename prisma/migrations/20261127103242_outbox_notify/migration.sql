-- Issue 36: the worker's outbox relay is woken as soon as events commit, rather than on its next poll. Each insert into
-- the outbox notifies the channel "<schema>.outbox_events" (one per schema: test suites share a database); PostgreSQL
-- delivers the notification when the inserting transaction commits, and never if it rolls back. Written by hand:
-- Prisma's schema cannot say "trigger".
CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '.outbox_events', '');
  RETURN NULL;
END;
$$;

-- Once per statement: a transaction's identical notifications are folded into one anyway.
CREATE TRIGGER outbox_events_notify AFTER INSERT ON "outbox_events" FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_notify();
