-- Issue 25: how many courses are in each status, kept by triggers in the transaction that changes a course, so the
-- dashboard and the back office's course list read 7 rows instead of counting a table of millions. A status only moves
-- forward (or to cancelled, which never moves again), so two transactions never lock two statuses' rows in opposite
-- orders: no deadlock. Each course insert locks its status's row until it commits: fine at Coursa's hundreds of orders
-- a minute; a sharded counter (status, shard) is the next step if that ever shows.

-- CreateTable
CREATE TABLE "course_status_counts" (
    "status" "CourseStatus" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "course_status_counts_pkey" PRIMARY KEY ("status")
);

CREATE FUNCTION course_status_counts_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE course_status_counts SET count = count - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO course_status_counts (status, count) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = course_status_counts.count + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER courses_status_counted AFTER INSERT OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION course_status_counts_keep();
CREATE TRIGGER courses_status_moved AFTER UPDATE OF status ON courses
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION course_status_counts_keep();

-- The courses there already.
INSERT INTO course_status_counts (status, count) SELECT status, count(*) FROM courses GROUP BY status;
