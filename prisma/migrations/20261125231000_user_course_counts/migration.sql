-- Issue 25: each user's courses per status, as the client and as the courier, kept by a trigger in the transaction of
-- each course insert, status or party change and delete, so the client's list (GET /api/courses) and the courier's
-- history give their totals from a few rows instead of counting a user's year of courses. A course counts once for
-- its client (as_client) and once for its courier (as_courier); as_both marks a courier's own order, which the
-- client's list shows once. The rows of one change are written in key order (no deadlock between two changes).

-- CreateTable
CREATE TABLE "user_course_counts" (
    "user_id" UUID NOT NULL,
    "status" "CourseStatus" NOT NULL,
    "as_client" INTEGER NOT NULL,
    "as_courier" INTEGER NOT NULL,
    "as_both" INTEGER NOT NULL,

    CONSTRAINT "user_course_counts_pkey" PRIMARY KEY ("user_id","status")
);

CREATE FUNCTION user_course_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is NULL on an insert and NEW on a delete: their rows drop out.
  INSERT INTO user_course_counts AS u
  SELECT d.user_id, d.status, sum(d.as_client), sum(d.as_courier), sum(d.as_both)
  FROM (VALUES
    (OLD.client_id, OLD.status, -1, 0, 0),
    (OLD.courier_id, OLD.status, 0, -1, CASE WHEN OLD.courier_id = OLD.client_id THEN -1 ELSE 0 END),
    (NEW.client_id, NEW.status, 1, 0, 0),
    (NEW.courier_id, NEW.status, 0, 1, CASE WHEN NEW.courier_id = NEW.client_id THEN 1 ELSE 0 END)
  ) AS d(user_id, status, as_client, as_courier, as_both)
  WHERE d.user_id IS NOT NULL
  GROUP BY d.user_id, d.status
  HAVING sum(d.as_client) <> 0 OR sum(d.as_courier) <> 0 OR sum(d.as_both) <> 0
  ORDER BY d.user_id, d.status
  ON CONFLICT (user_id, status) DO UPDATE SET as_client = u.as_client + excluded.as_client,
    as_courier = u.as_courier + excluded.as_courier, as_both = u.as_both + excluded.as_both;
  RETURN NULL;
END $$;

CREATE TRIGGER courses_user_counted AFTER INSERT OR DELETE ON courses FOR EACH ROW EXECUTE FUNCTION user_course_counts_keep();
CREATE TRIGGER courses_user_count_moved AFTER UPDATE OF status, client_id, courier_id ON courses
  FOR EACH ROW WHEN ((OLD.status, OLD.client_id, OLD.courier_id) IS DISTINCT FROM (NEW.status, NEW.client_id, NEW.courier_id))
  EXECUTE FUNCTION user_course_counts_keep();

-- Counted afresh from the courses (this backfill, and the soak fill, which inserts without triggers).
CREATE FUNCTION user_course_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE user_course_counts;
  INSERT INTO user_course_counts
  SELECT user_id, status, sum(as_client), sum(as_courier), sum(as_both) FROM (
    SELECT client_id AS user_id, status, count(*) AS as_client, 0 AS as_courier, 0 AS as_both FROM courses GROUP BY 1, 2
    UNION ALL
    SELECT courier_id, status, 0, count(*), count(*) FILTER (WHERE courier_id = client_id) FROM courses WHERE courier_id IS NOT NULL GROUP BY 1, 2
  ) AS sides GROUP BY 1, 2;
END $$;

SELECT user_course_counts_rebuild();
