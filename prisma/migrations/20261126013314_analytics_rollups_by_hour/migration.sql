-- Issue 25: two rollups by hour for the analytics at a year's data.
--
-- Each courier's running totals by hour instead of by day, and their latest totals in a row of their own. A period
-- ending now is what each courier has delivered in all minus their running total as of the period's first whole hour:
-- one primary-key step per courier (two, and a loose scan of the totals to find the couriers, before), and the raw rows
-- read for the partial bucket before it are at most an hour of deliveries, not up to a day (at a year's data: ~9 300
-- rows for the last 24 hours, now ~400).
--
-- The clients who ordered in a period, and those who ordered again, counted from a rollup of their marks
-- (client_order_marks: each client's two latest orders) by hour instead of from every client's marks (at a year's
-- data, 10 000 to 20 000 index entries a read). Exact over any range as the other rollups: whole hours from the first
-- one starting in the range, plus the marks of the partial hour before it, minus those from the range's end.

-- ── Couriers' running totals by hour ──

DROP FUNCTION courier_deliveries_in(timestamp, timestamp);
DROP FUNCTION courier_delivery_days_between(timestamp, timestamp);

-- AlterTable (emptied first: rebuilt at the end from the courses)
TRUNCATE "courier_delivery_totals";
ALTER TABLE "courier_delivery_totals" DROP CONSTRAINT "courier_delivery_totals_pkey",
DROP COLUMN "day",
ADD COLUMN     "hour" TIMESTAMP(3) NOT NULL,
ADD CONSTRAINT "courier_delivery_totals_pkey" PRIMARY KEY ("courier_id", "hour");

CREATE FUNCTION courier_delivery_hours_between(a timestamp, b timestamp)
RETURNS TABLE (hour timestamp, courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', delivery_time), courier_id, count(*)::int, coalesce(sum(final_price), 0)::bigint
  FROM courses WHERE status = 'delivered' AND courier_id IS NOT NULL AND delivery_time >= a AND delivery_time < b GROUP BY 1, 2
$$;

-- What each courier has delivered in all (the last of their running totals), kept beside them by the same trigger.
CREATE TABLE "courier_delivery_latest" (
    "courier_id" UUID NOT NULL,
    "deliveries" INTEGER NOT NULL,
    "revenue" BIGINT NOT NULL,

    CONSTRAINT "courier_delivery_latest_pkey" PRIMARY KEY ("courier_id")
);

-- Per courier, their deliveries and revenue from a on (every period the analytics show ends now): all they delivered
-- minus their running total as of the first whole hour at or after a (one step down the primary key), plus the raw
-- rows of the partial hour before it.
CREATE FUNCTION courier_deliveries_since(a timestamp)
RETURNS TABLE (courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  SELECT l.courier_id, l.deliveries - coalesce(before.deliveries, 0), l.revenue - coalesce(before.revenue, 0)
  FROM courier_delivery_latest l
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE t.courier_id = l.courier_id AND t.hour < bucket_ceil('hour', a) ORDER BY t.hour DESC LIMIT 1) before ON true
  UNION ALL SELECT p.courier_id, p.deliveries, p.revenue FROM courier_delivery_hours_between(a, bucket_ceil('hour', a)) p
$$;

-- A delivery adds to its courier's running totals from its hour on: the hour's row is made first (carrying the total
-- before it), then every row from that hour on moves (only the current hour's, unless a past delivery is corrected). A
-- lock per courier orders their changes, so an hour's row always starts from the committed total before it.
CREATE OR REPLACE FUNCTION courier_delivery_totals_add(c courses, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamp := date_trunc('hour', c.delivery_time);
BEGIN
  IF c.status <> 'delivered' OR c.delivery_time IS NULL OR c.courier_id IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('courier_delivery_totals:' || c.courier_id, 0));
  INSERT INTO courier_delivery_totals (courier_id, hour, deliveries, revenue)
  SELECT c.courier_id, h, coalesce(before.deliveries, 0), coalesce(before.revenue, 0)
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE t.courier_id = c.courier_id AND t.hour < h ORDER BY t.hour DESC LIMIT 1) before ON true
  ON CONFLICT (courier_id, hour) DO NOTHING;
  UPDATE courier_delivery_totals SET deliveries = deliveries + sign, revenue = revenue + sign * coalesce(c.final_price, 0)
  WHERE courier_id = c.courier_id AND hour >= h;
  INSERT INTO courier_delivery_latest AS l VALUES (c.courier_id, sign, sign * coalesce(c.final_price, 0))
  ON CONFLICT (courier_id) DO UPDATE SET deliveries = l.deliveries + excluded.deliveries, revenue = l.revenue + excluded.revenue;
END $$;

INSERT INTO courier_delivery_totals (courier_id, hour, deliveries, revenue)
  SELECT courier_id, hour, sum(deliveries) OVER running, sum(revenue) OVER running
  FROM courier_delivery_hours_between('-infinity', 'infinity')
  WINDOW running AS (PARTITION BY courier_id ORDER BY hour) ORDER BY courier_id, hour;
INSERT INTO courier_delivery_latest SELECT DISTINCT ON (courier_id) courier_id, deliveries, revenue FROM courier_delivery_totals ORDER BY courier_id, hour DESC;

-- ── Clients' marks by hour ──

-- CreateTable
CREATE TABLE "client_mark_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "ordering" INTEGER NOT NULL,
    "repeating" INTEGER NOT NULL,

    CONSTRAINT "client_mark_hours_pkey" PRIMARY KEY ("hour")
);

CREATE FUNCTION client_mark_hours_between(a timestamp, b timestamp) RETURNS SETOF client_mark_hours LANGUAGE sql STABLE AS $$
  SELECT hour, sum(ordering)::int, sum(repeating)::int FROM (
    SELECT date_trunc('hour', last_order_at) AS hour, 1 AS ordering, 0 AS repeating FROM client_order_marks WHERE last_order_at >= a AND last_order_at < b
    UNION ALL
    SELECT date_trunc('hour', previous_order_at), 0, 1 FROM client_order_marks WHERE previous_order_at >= a AND previous_order_at < b
  ) AS marks GROUP BY 1
$$;

CREATE FUNCTION client_mark_hours_in(a timestamp, b timestamp) RETURNS SETOF client_mark_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM client_mark_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM client_mark_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, -ordering, -repeating FROM client_mark_hours_between(b, bucket_ceil('hour', b))
$$;

-- A client's changed marks take their old hours out and put their new ones in, the rows locked in key order (hour), so
-- two clients' changes never wait for each other's rows in opposite orders. Last in the order of the course rollups:
-- marks change after the course's hours and totals (course_rollups_keep).
CREATE FUNCTION client_mark_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_mark_hours AS h
  SELECT hour, sum(ordering), sum(repeating)
  FROM (VALUES (date_trunc('hour', OLD.last_order_at), -1, 0), (date_trunc('hour', OLD.previous_order_at), 0, -1),
               (date_trunc('hour', NEW.last_order_at), 1, 0), (date_trunc('hour', NEW.previous_order_at), 0, 1)) AS change(hour, ordering, repeating)
  WHERE hour IS NOT NULL
  GROUP BY hour ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET ordering = h.ordering + excluded.ordering, repeating = h.repeating + excluded.repeating;
  RETURN NULL;
END $$;

CREATE TRIGGER client_order_marks_rolled_up AFTER INSERT OR DELETE OR UPDATE OF last_order_at, previous_order_at ON client_order_marks
FOR EACH ROW EXECUTE FUNCTION client_mark_hours_keep();

-- The marks are rebuilt first (which the trigger follows, unless triggers are off, as in the soak's fill), then their
-- hours afresh.
CREATE OR REPLACE FUNCTION analytics_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE course_hours, delivery_hours, courier_delivery_totals, courier_delivery_latest, client_order_marks, rating_hours, commission_hours,
    audit_hours, audit_actor_days, audit_actor_window, audit_actor_window_state;
  INSERT INTO course_hours SELECT * FROM course_hours_between('-infinity', 'infinity') ORDER BY 1, 2;
  INSERT INTO delivery_hours SELECT * FROM delivery_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO courier_delivery_totals (courier_id, hour, deliveries, revenue)
    SELECT courier_id, hour, sum(deliveries) OVER running, sum(revenue) OVER running
    FROM courier_delivery_hours_between('-infinity', 'infinity')
    WINDOW running AS (PARTITION BY courier_id ORDER BY hour) ORDER BY courier_id, hour;
  INSERT INTO courier_delivery_latest SELECT DISTINCT ON (courier_id) courier_id, deliveries, revenue FROM courier_delivery_totals ORDER BY courier_id, hour DESC;
  INSERT INTO client_order_marks
    SELECT client_id, (array_agg(created_at ORDER BY created_at DESC))[1], (array_agg(created_at ORDER BY created_at DESC))[2]
    FROM courses GROUP BY client_id;
  TRUNCATE client_mark_hours;
  INSERT INTO client_mark_hours SELECT * FROM client_mark_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO rating_hours SELECT * FROM rating_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO commission_hours SELECT * FROM commission_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO audit_hours SELECT * FROM audit_hours_between('-infinity', 'infinity') ORDER BY 1, 2;
  INSERT INTO audit_actor_days SELECT * FROM audit_actor_days_between('-infinity', 'infinity') ORDER BY 1, 2;
END $$;

INSERT INTO client_mark_hours SELECT * FROM client_mark_hours_between('-infinity', 'infinity') ORDER BY 1;
