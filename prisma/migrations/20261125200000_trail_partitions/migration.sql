-- Issue 25: the position trail partitioned by UTC day of recorded_at, so that raw positions past their retention are
-- dropped a partition at a time (DROP TABLE), never row by row. Written by hand: Prisma's schema cannot say
-- "partitioned"; the model keeps the columns, the key (id, recorded_at: a partitioned table's key must hold its
-- partition key) and the indexes, which each partition inherits.

-- The table as it was, out of the way (its sequence too, whose name the new table's takes).
ALTER TABLE "courier_positions" RENAME TO "courier_positions_unpartitioned";
ALTER SEQUENCE "courier_positions_id_seq" RENAME TO "courier_positions_unpartitioned_id_seq";
ALTER TABLE "courier_positions_unpartitioned" RENAME CONSTRAINT "courier_positions_pkey" TO "courier_positions_unpartitioned_pkey";
ALTER TABLE "courier_positions_unpartitioned" RENAME CONSTRAINT "courier_positions_courier_id_fkey" TO "courier_positions_unpartitioned_courier_id_fkey";
ALTER TABLE "courier_positions_unpartitioned" RENAME CONSTRAINT "courier_positions_course_id_fkey" TO "courier_positions_unpartitioned_course_id_fkey";
ALTER INDEX "courier_positions_courier_id_recorded_at_idx" RENAME TO "courier_positions_unpartitioned_courier_id_recorded_at_idx";
ALTER INDEX "courier_positions_course_id_recorded_at_idx" RENAME TO "courier_positions_unpartitioned_course_id_recorded_at_idx";

CREATE TABLE "courier_positions" (
    "id" BIGSERIAL NOT NULL,
    "courier_id" UUID NOT NULL,
    "course_id" UUID,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "heading" DOUBLE PRECISION,
    "speed" DOUBLE PRECISION,
    "accuracy" DOUBLE PRECISION,
    "recorded_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "courier_positions_pkey" PRIMARY KEY ("id", "recorded_at")
) PARTITION BY RANGE ("recorded_at");

CREATE INDEX "courier_positions_courier_id_recorded_at_idx" ON "courier_positions"("courier_id", "recorded_at");
CREATE INDEX "courier_positions_course_id_recorded_at_idx" ON "courier_positions"("course_id", "recorded_at");
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_courier_id_fkey" FOREIGN KEY ("courier_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A position whose day has no partition (a phone whose clock is far off; a worker down for a week) lands here rather
-- than failing the trail's insert; the worker deletes what it holds past retention, in batches.
CREATE TABLE "courier_positions_default" PARTITION OF "courier_positions" DEFAULT;

-- The one way partitions are made, by this migration and by the worker: one per UTC day from first_day to last_day,
-- named courier_positions_pYYYYMMDD, those that exist left alone.
CREATE FUNCTION courier_positions_ensure_partitions(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  day date := first_day;
  made integer := 0;
  name text;
BEGIN
  WHILE day <= last_day LOOP
    name := 'courier_positions_p' || to_char(day, 'YYYYMMDD');
    IF to_regclass(quote_ident(name)) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF courier_positions FOR VALUES FROM (%L) TO (%L)', name, day::timestamp, (day + 1)::timestamp);
      made := made + 1;
    END IF;
    day := day + 1;
  END LOOP;
  RETURN made;
END $$;

-- The last 30 days (the default retention) and the next 7, then the rows of the old table into their days (older ones
-- into the default partition, which the worker empties past retention).
SELECT courier_positions_ensure_partitions((now() AT TIME ZONE 'UTC')::date - 30, (now() AT TIME ZONE 'UTC')::date + 7);
INSERT INTO "courier_positions" SELECT * FROM "courier_positions_unpartitioned";
SELECT setval(pg_get_serial_sequence('"courier_positions"', 'id'), GREATEST((SELECT max("id") FROM "courier_positions"), 1));
DROP TABLE "courier_positions_unpartitioned";

-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "route" JSONB;

-- CreateIndex: the cleanup reads sessions by their expiry (issue 25).
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");
