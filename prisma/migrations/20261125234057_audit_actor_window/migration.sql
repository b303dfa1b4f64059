-- Issue 25: the super administrator's most active users without summing a month of per-actor days (about 150 000 rows
-- at a busy platform's year, 20 000 accounts acting). The statistics cover whole days: today and the days before it.
-- audit_actor_window holds each actor's count over the days before today; past days do not change (audit lines are
-- never deleted; a deleted account's lines lose their actor, and a deleted account is left out), so the window is
-- counted again only when the day changes, by the first read of the day (audit_actor_window_at, under a lock: one
-- reader counts, the others wait and find it done). The top actors are then among the window's top few (those who did
-- nothing today keep their window count) and the actors of today (audit_actor_days): a few thousand rows at most.

-- CreateTable
CREATE TABLE "audit_actor_window" (
    "actor_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "audit_actor_window_pkey" PRIMARY KEY ("actor_id")
);

-- CreateTable
CREATE TABLE "audit_actor_window_state" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "as_of" DATE NOT NULL,
    "days" INTEGER NOT NULL,

    CONSTRAINT "audit_actor_window_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_actor_window_count_actor_id_idx" ON "audit_actor_window"("count" DESC, "actor_id");

CREATE FUNCTION audit_actor_window_at(today date, days int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM audit_actor_window_state s WHERE s.as_of = today AND s.days = audit_actor_window_at.days) THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('coursa:audit_actor_window'));
  IF EXISTS (SELECT 1 FROM audit_actor_window_state s WHERE s.as_of = today AND s.days = audit_actor_window_at.days) THEN RETURN; END IF;
  DELETE FROM audit_actor_window;
  INSERT INTO audit_actor_window
    SELECT d.actor_id, sum(d.count) FROM audit_actor_days d WHERE d.day >= today - days AND d.day < today
    GROUP BY d.actor_id HAVING sum(d.count) > 0;
  INSERT INTO audit_actor_window_state (id, as_of, days) VALUES (true, today, audit_actor_window_at.days)
  ON CONFLICT (id) DO UPDATE SET as_of = excluded.as_of, days = excluded.days;
END $$;
