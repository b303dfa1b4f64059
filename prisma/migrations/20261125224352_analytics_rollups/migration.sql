-- Issue 25: rollups the analytics screen and the super administrator's statistics read instead of a period's courses,
-- ratings, commissions and audit lines, kept by triggers in the transaction of each change (like course_status_counts).
--
-- A figure over [a, b) is read as R[ceil(a), ceil(b)) + raw[a, ceil(a)) - raw[b, ceil(b)): the rollup's whole buckets
-- (hours, or days for the per-actor one) from the first bucket starting at or after a, plus the exact rows of the
-- partial bucket before it, minus those from b on. With b = now the last term is empty and the rollup's current bucket
-- holds everything so far, so the raw reads are of old rows only, at most one bucket of them. The <x>_between(a, b)
-- functions compute rows of a rollup from the raw table (the partial buckets, the backfill below and the soak's rebuild);
-- the <x>_in(a, b) functions give the rows whose sums are exactly the figure over [a, b). Per courier, whole days are
-- read from running totals instead (courier_deliveries_in): two rows per courier whatever the period's length.
--
-- Where a bucket's row is locked: each course insert locks its (hour, zone) row and each delivery its hour's row and its
-- courier's running totals until commit: fine at hundreds of orders a minute (a sharded row is the next step if it ever
-- shows). Rows are locked in one order (course hours, delivery hours, courier totals, each by key; see
-- course_rollups_keep).

-- CreateTable
CREATE TABLE "course_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "zone" TEXT NOT NULL,
    "orders" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "cancelled" INTEGER NOT NULL,

    CONSTRAINT "course_hours_pkey" PRIMARY KEY ("hour","zone")
);

-- CreateTable
CREATE TABLE "delivery_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "deliveries" INTEGER NOT NULL,
    "revenue" BIGINT NOT NULL,
    "timed" INTEGER NOT NULL,
    "timed_seconds" DOUBLE PRECISION NOT NULL,
    "on_time" INTEGER NOT NULL,

    CONSTRAINT "delivery_hours_pkey" PRIMARY KEY ("hour")
);

-- CreateTable
CREATE TABLE "courier_delivery_totals" (
    "courier_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "deliveries" INTEGER NOT NULL,
    "revenue" BIGINT NOT NULL,

    CONSTRAINT "courier_delivery_totals_pkey" PRIMARY KEY ("courier_id","day")
);

-- CreateTable
CREATE TABLE "client_order_marks" (
    "client_id" UUID NOT NULL,
    "last_order_at" TIMESTAMP(3) NOT NULL,
    "previous_order_at" TIMESTAMP(3),

    CONSTRAINT "client_order_marks_pkey" PRIMARY KEY ("client_id")
);

-- CreateTable
CREATE TABLE "rating_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "ratings" INTEGER NOT NULL,
    "stars" INTEGER NOT NULL,

    CONSTRAINT "rating_hours_pkey" PRIMARY KEY ("hour")
);

-- CreateTable
CREATE TABLE "commission_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "commission_hours_pkey" PRIMARY KEY ("hour")
);

-- CreateTable
CREATE TABLE "audit_hours" (
    "hour" TIMESTAMP(3) NOT NULL,
    "action" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "audit_hours_pkey" PRIMARY KEY ("hour","action")
);

-- CreateTable
CREATE TABLE "audit_actor_days" (
    "day" DATE NOT NULL,
    "actor_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "audit_actor_days_pkey" PRIMARY KEY ("day","actor_id")
);

-- CreateIndex
CREATE INDEX "client_order_marks_last_order_at_idx" ON "client_order_marks"("last_order_at");

-- CreateIndex
CREATE INDEX "client_order_marks_previous_order_at_idx" ON "client_order_marks"("previous_order_at");

-- The zone of a pickup point: the nearest commune centre, or 'Hors Conakry' beyond 15 km (111 km per degree of
-- Euclidean difference, as pricing). The same rule as CONAKRY_COMMUNES / ZONE_RADIUS_KM / OUTSIDE_CONAKRY in
-- libs/domain/src/analytics.ts, which a test compares with this function.
CREATE FUNCTION course_zone(lat float8, lng float8) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN 111 * sqrt(power(lat - commune.latitude, 2) + power(lng - commune.longitude, 2)) <= 15
              THEN commune.name ELSE 'Hors Conakry' END
  FROM (VALUES ('Kaloum', 9.5092::float8, -13.7122::float8), ('Dixinn', 9.5482, -13.6792), ('Matam', 9.5456, -13.6566),
               ('Ratoma', 9.6106, -13.6236), ('Matoto', 9.5769, -13.612)) AS commune(name, latitude, longitude)
  ORDER BY power(lat - commune.latitude, 2) + power(lng - commune.longitude, 2)
  LIMIT 1
$$;

-- TARGET_DELIVERY_MINUTES (libs/domain/src/analytics.ts), which a test compares with this function.
CREATE FUNCTION delivery_target() RETURNS interval LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT interval '45 minutes' $$;

-- The first start of a bucket (hour or day) at or after t.
CREATE FUNCTION bucket_ceil(unit text, t timestamp) RETURNS timestamp LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN date_trunc(unit, t) = t THEN t ELSE date_trunc(unit, t) + ('1 ' || unit)::interval END
$$;

-- ── Rows of each rollup computed from the raw tables, over [a, b) ──

CREATE FUNCTION course_hours_between(a timestamp, b timestamp) RETURNS SETOF course_hours LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', created_at), course_zone(pickup_latitude, pickup_longitude), count(*)::int,
         count(*) FILTER (WHERE status = 'delivered')::int, count(*) FILTER (WHERE status = 'cancelled')::int
  FROM courses WHERE created_at >= a AND created_at < b GROUP BY 1, 2
$$;

CREATE FUNCTION delivery_hours_between(a timestamp, b timestamp) RETURNS SETOF delivery_hours LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', delivery_time), count(*)::int, coalesce(sum(final_price), 0)::bigint, count(assigned_at)::int,
         coalesce(sum(extract(epoch FROM delivery_time - assigned_at)), 0)::float8,
         count(*) FILTER (WHERE delivery_time - assigned_at <= delivery_target())::int
  FROM courses WHERE status = 'delivered' AND delivery_time >= a AND delivery_time < b GROUP BY 1
$$;

CREATE FUNCTION courier_delivery_days_between(a timestamp, b timestamp)
RETURNS TABLE (day date, courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  SELECT date_trunc('day', delivery_time)::date, courier_id, count(*)::int, coalesce(sum(final_price), 0)::bigint
  FROM courses WHERE status = 'delivered' AND courier_id IS NOT NULL AND delivery_time >= a AND delivery_time < b GROUP BY 1, 2
$$;

CREATE FUNCTION rating_hours_between(a timestamp, b timestamp) RETURNS SETOF rating_hours LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', created_at), count(*)::int, sum(rating)::int FROM ratings WHERE created_at >= a AND created_at < b GROUP BY 1
$$;

CREATE FUNCTION commission_hours_between(a timestamp, b timestamp) RETURNS SETOF commission_hours LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', created_at), sum(amount)::bigint FROM commissions WHERE created_at >= a AND created_at < b GROUP BY 1
$$;

CREATE FUNCTION audit_hours_between(a timestamp, b timestamp) RETURNS SETOF audit_hours LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', at), action, count(*)::int FROM audit_logs WHERE at >= a AND at < b GROUP BY 1, 2
$$;

CREATE FUNCTION audit_actor_days_between(a timestamp, b timestamp) RETURNS SETOF audit_actor_days LANGUAGE sql STABLE AS $$
  SELECT date_trunc('day', at)::date, actor_id, count(*)::int FROM audit_logs WHERE actor_id IS NOT NULL AND at >= a AND at < b GROUP BY 1, 2
$$;

-- ── Rows whose sums are exactly the figure over [a, b) ──

CREATE FUNCTION course_hours_in(a timestamp, b timestamp) RETURNS SETOF course_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM course_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM course_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, zone, -orders, -delivered, -cancelled FROM course_hours_between(b, bucket_ceil('hour', b))
$$;

CREATE FUNCTION delivery_hours_in(a timestamp, b timestamp) RETURNS SETOF delivery_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM delivery_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM delivery_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, -deliveries, -revenue, -timed, -timed_seconds, -on_time FROM delivery_hours_between(b, bucket_ceil('hour', b))
$$;

-- Per courier, a period's deliveries and revenue: the running total as of the last whole day in the range minus the one
-- as of the day before the range (two steps down the primary key per courier, found by a loose scan of it), with the
-- partial days read raw as elsewhere.
CREATE FUNCTION courier_deliveries_in(a timestamp, b timestamp)
RETURNS TABLE (courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE couriers AS (
    (SELECT t.courier_id FROM courier_delivery_totals t ORDER BY t.courier_id LIMIT 1)
    UNION ALL
    SELECT (SELECT t.courier_id FROM courier_delivery_totals t WHERE t.courier_id > c.courier_id ORDER BY t.courier_id LIMIT 1)
    FROM couriers c WHERE c.courier_id IS NOT NULL
  )
  SELECT c.courier_id, upto.deliveries - coalesce(before.deliveries, 0), upto.revenue - coalesce(before.revenue, 0)
  FROM couriers c
  CROSS JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                      WHERE t.courier_id = c.courier_id AND t.day < bucket_ceil('day', b)::date ORDER BY t.day DESC LIMIT 1) upto
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE t.courier_id = c.courier_id AND t.day < bucket_ceil('day', a)::date ORDER BY t.day DESC LIMIT 1) before ON true
  WHERE c.courier_id IS NOT NULL
  UNION ALL SELECT p.courier_id, p.deliveries, p.revenue FROM courier_delivery_days_between(a, bucket_ceil('day', a)) p
  UNION ALL SELECT p.courier_id, -p.deliveries, -p.revenue FROM courier_delivery_days_between(b, bucket_ceil('day', b)) p
$$;

CREATE FUNCTION rating_hours_in(a timestamp, b timestamp) RETURNS SETOF rating_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM rating_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM rating_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, -ratings, -stars FROM rating_hours_between(b, bucket_ceil('hour', b))
$$;

CREATE FUNCTION commission_hours_in(a timestamp, b timestamp) RETURNS SETOF commission_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM commission_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM commission_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, -amount FROM commission_hours_between(b, bucket_ceil('hour', b))
$$;

CREATE FUNCTION audit_hours_in(a timestamp, b timestamp) RETURNS SETOF audit_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM audit_hours WHERE hour >= bucket_ceil('hour', a) AND hour < bucket_ceil('hour', b)
  UNION ALL SELECT * FROM audit_hours_between(a, bucket_ceil('hour', a))
  UNION ALL SELECT hour, action, -count FROM audit_hours_between(b, bucket_ceil('hour', b))
$$;

CREATE FUNCTION audit_actor_days_in(a timestamp, b timestamp) RETURNS SETOF audit_actor_days LANGUAGE sql STABLE AS $$
  SELECT * FROM audit_actor_days WHERE day >= bucket_ceil('day', a) AND day < bucket_ceil('day', b)
  UNION ALL SELECT * FROM audit_actor_days_between(a, bucket_ceil('day', a))
  UNION ALL SELECT day, actor_id, -count FROM audit_actor_days_between(b, bucket_ceil('day', b))
$$;

-- The partial day a per-courier or per-actor read adds is up to a day of old rows: read from an index alone.
DROP INDEX "courses_delivery_time_idx";
CREATE INDEX "courses_delivery_time_courier_id_final_price_status_idx" ON "courses"("delivery_time", "courier_id", "final_price", "status");
CREATE INDEX "audit_logs_at_actor_id_idx" ON "audit_logs"("at", "actor_id");

-- ── Triggers: a changed row takes its old contribution out and puts its new one in ──

-- One course's contribution to each rollup (none to the delivery ones unless delivered).

CREATE FUNCTION course_hours_add(c courses, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO course_hours AS h VALUES (date_trunc('hour', c.created_at), course_zone(c.pickup_latitude, c.pickup_longitude), sign,
    CASE WHEN c.status = 'delivered' THEN sign ELSE 0 END, CASE WHEN c.status = 'cancelled' THEN sign ELSE 0 END)
  ON CONFLICT (hour, zone) DO UPDATE SET orders = h.orders + excluded.orders, delivered = h.delivered + excluded.delivered,
    cancelled = h.cancelled + excluded.cancelled
$$;

CREATE FUNCTION delivery_hours_add(c courses, sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO delivery_hours AS d
  SELECT date_trunc('hour', c.delivery_time), sign, sign * coalesce(c.final_price, 0)::bigint,
         CASE WHEN c.assigned_at IS NOT NULL THEN sign ELSE 0 END, sign * coalesce(extract(epoch FROM c.delivery_time - c.assigned_at), 0),
         CASE WHEN c.delivery_time - c.assigned_at <= delivery_target() THEN sign ELSE 0 END
  WHERE c.status = 'delivered' AND c.delivery_time IS NOT NULL
  ON CONFLICT (hour) DO UPDATE SET deliveries = d.deliveries + excluded.deliveries, revenue = d.revenue + excluded.revenue,
    timed = d.timed + excluded.timed, timed_seconds = d.timed_seconds + excluded.timed_seconds, on_time = d.on_time + excluded.on_time
$$;

-- A delivery adds to its courier's running totals from its day on: the day's row is made first (carrying the total of
-- the day before), then every row from that day on moves (only today's, unless a past delivery is corrected). A lock
-- per courier orders their changes, so a day's row always starts from the committed total before it.
CREATE FUNCTION courier_delivery_totals_add(c courses, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := date_trunc('day', c.delivery_time)::date;
BEGIN
  IF c.status <> 'delivered' OR c.delivery_time IS NULL OR c.courier_id IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('courier_delivery_totals:' || c.courier_id, 0));
  INSERT INTO courier_delivery_totals
  SELECT c.courier_id, d, coalesce(before.deliveries, 0), coalesce(before.revenue, 0)
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE t.courier_id = c.courier_id AND t.day < d ORDER BY t.day DESC LIMIT 1) before ON true
  ON CONFLICT (courier_id, day) DO NOTHING;
  UPDATE courier_delivery_totals SET deliveries = deliveries + sign, revenue = revenue + sign * coalesce(c.final_price, 0)
  WHERE courier_id = c.courier_id AND day >= d;
END $$;

-- A client's two latest orders, read again from the courses (index on client_id, created_at).
CREATE FUNCTION client_order_marks_recount(client uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  latest timestamp[];
BEGIN
  SELECT array_agg(created_at) INTO latest
  FROM (SELECT created_at FROM courses WHERE client_id = client ORDER BY created_at DESC LIMIT 2) AS two;
  IF latest IS NULL THEN
    DELETE FROM client_order_marks WHERE client_id = client;
  ELSE
    INSERT INTO client_order_marks VALUES (client, latest[1], latest[2])
    ON CONFLICT (client_id) DO UPDATE SET last_order_at = excluded.last_order_at, previous_order_at = excluded.previous_order_at;
  END IF;
END $$;

-- A changed course takes its old contribution out and puts its new one in, table after table (course hours, delivery
-- hours, courier totals) and, within a table, the row with the lower key first: two transactions never wait for each
-- other's rows in opposite orders (a delivery moved from one hour to another while another moves the other way).
CREATE FUNCTION course_rollups_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM course_hours_add(NEW, 1);
    PERFORM delivery_hours_add(NEW, 1);
    PERFORM courier_delivery_totals_add(NEW, 1);
    -- The new order becomes the latest (or the one before, when an older order is recorded late).
    INSERT INTO client_order_marks AS m VALUES (NEW.client_id, NEW.created_at, NULL)
    ON CONFLICT (client_id) DO UPDATE SET
      last_order_at = greatest(m.last_order_at, excluded.last_order_at),
      previous_order_at = CASE WHEN excluded.last_order_at >= m.last_order_at THEN m.last_order_at
                               ELSE greatest(m.previous_order_at, excluded.last_order_at) END;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM course_hours_add(OLD, -1);
    PERFORM delivery_hours_add(OLD, -1);
    PERFORM courier_delivery_totals_add(OLD, -1);
    PERFORM client_order_marks_recount(OLD.client_id);
  ELSE
    IF (date_trunc('hour', OLD.created_at), course_zone(OLD.pickup_latitude, OLD.pickup_longitude))
       <= (date_trunc('hour', NEW.created_at), course_zone(NEW.pickup_latitude, NEW.pickup_longitude)) THEN
      PERFORM course_hours_add(OLD, -1);
      PERFORM course_hours_add(NEW, 1);
    ELSE
      PERFORM course_hours_add(NEW, 1);
      PERFORM course_hours_add(OLD, -1);
    END IF;
    IF date_trunc('hour', OLD.delivery_time) <= date_trunc('hour', NEW.delivery_time) THEN
      PERFORM delivery_hours_add(OLD, -1);
      PERFORM delivery_hours_add(NEW, 1);
    ELSE
      PERFORM delivery_hours_add(NEW, 1);
      PERFORM delivery_hours_add(OLD, -1);
    END IF;
    IF (OLD.courier_id, date_trunc('day', OLD.delivery_time)) <= (NEW.courier_id, date_trunc('day', NEW.delivery_time)) THEN
      PERFORM courier_delivery_totals_add(OLD, -1);
      PERFORM courier_delivery_totals_add(NEW, 1);
    ELSE
      PERFORM courier_delivery_totals_add(NEW, 1);
      PERFORM courier_delivery_totals_add(OLD, -1);
    END IF;
    IF (OLD.client_id, OLD.created_at) IS DISTINCT FROM (NEW.client_id, NEW.created_at) THEN
      PERFORM client_order_marks_recount(least(OLD.client_id, NEW.client_id));
      IF NEW.client_id <> OLD.client_id THEN PERFORM client_order_marks_recount(greatest(OLD.client_id, NEW.client_id)); END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER courses_rolled_up AFTER INSERT OR DELETE ON courses FOR EACH ROW EXECUTE FUNCTION course_rollups_keep();
-- A course's contribution changes with its times, zone or client, or, once delivered or cancelled (or no longer), with its
-- status, courier, price and times; the moves between the other statuses leave every rollup as it is.
CREATE TRIGGER courses_rollups_moved
  AFTER UPDATE OF status, client_id, courier_id, final_price, assigned_at, delivery_time, created_at, pickup_latitude, pickup_longitude ON courses
  FOR EACH ROW WHEN (
    (OLD.client_id, OLD.created_at, OLD.pickup_latitude, OLD.pickup_longitude) IS DISTINCT FROM (NEW.client_id, NEW.created_at, NEW.pickup_latitude, NEW.pickup_longitude)
    OR ((OLD.status IN ('delivered', 'cancelled') OR NEW.status IN ('delivered', 'cancelled'))
        AND (OLD.status, OLD.courier_id, OLD.final_price, OLD.assigned_at, OLD.delivery_time)
            IS DISTINCT FROM (NEW.status, NEW.courier_id, NEW.final_price, NEW.assigned_at, NEW.delivery_time)))
  EXECUTE FUNCTION course_rollups_keep();

CREATE FUNCTION rating_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE rating_hours SET ratings = ratings - 1, stars = stars - OLD.rating WHERE hour = date_trunc('hour', OLD.created_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO rating_hours AS r VALUES (date_trunc('hour', NEW.created_at), 1, NEW.rating)
    ON CONFLICT (hour) DO UPDATE SET ratings = r.ratings + 1, stars = r.stars + excluded.stars;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ratings_rolled_up AFTER INSERT OR DELETE OR UPDATE OF rating, created_at ON ratings
  FOR EACH ROW EXECUTE FUNCTION rating_hours_keep();

CREATE FUNCTION commission_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE commission_hours SET amount = amount - OLD.amount WHERE hour = date_trunc('hour', OLD.created_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO commission_hours AS c VALUES (date_trunc('hour', NEW.created_at), NEW.amount)
    ON CONFLICT (hour) DO UPDATE SET amount = c.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER commissions_rolled_up AFTER INSERT OR DELETE OR UPDATE OF amount, created_at ON commissions
  FOR EACH ROW EXECUTE FUNCTION commission_hours_keep();

-- Audit lines are never deleted; an actor's deletion sets actor_id to NULL (the line leaves the actor's day).
CREATE FUNCTION audit_rollups_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE audit_hours SET count = count - 1 WHERE hour = date_trunc('hour', OLD.at) AND action = OLD.action;
    IF OLD.actor_id IS NOT NULL THEN
      UPDATE audit_actor_days SET count = count - 1 WHERE day = date_trunc('day', OLD.at)::date AND actor_id = OLD.actor_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO audit_hours AS h VALUES (date_trunc('hour', NEW.at), NEW.action, 1)
    ON CONFLICT (hour, action) DO UPDATE SET count = h.count + 1;
    IF NEW.actor_id IS NOT NULL THEN
      INSERT INTO audit_actor_days AS d VALUES (date_trunc('day', NEW.at)::date, NEW.actor_id, 1)
      ON CONFLICT (day, actor_id) DO UPDATE SET count = d.count + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER audit_logs_rolled_up AFTER INSERT OR DELETE OR UPDATE OF at, action, actor_id ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_rollups_keep();

-- ── The most active users ──
-- The super administrator's most active users without summing a month of per-actor days (about 150 000 rows
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

-- ── Every rollup from the raw tables: the rows there already, and the soak's fill (which inserts without triggers) ──
-- Written in key order, as the triggers write them over time, so that a period's buckets lie on few pages.

CREATE FUNCTION analytics_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE course_hours, delivery_hours, courier_delivery_totals, client_order_marks, rating_hours, commission_hours, audit_hours, audit_actor_days,
    audit_actor_window, audit_actor_window_state;
  INSERT INTO course_hours SELECT * FROM course_hours_between('-infinity', 'infinity') ORDER BY 1, 2;
  INSERT INTO delivery_hours SELECT * FROM delivery_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO courier_delivery_totals
    SELECT courier_id, day, sum(deliveries) OVER running, sum(revenue) OVER running
    FROM courier_delivery_days_between('-infinity', 'infinity')
    WINDOW running AS (PARTITION BY courier_id ORDER BY day) ORDER BY courier_id, day;
  INSERT INTO client_order_marks
    SELECT client_id, (array_agg(created_at ORDER BY created_at DESC))[1], (array_agg(created_at ORDER BY created_at DESC))[2]
    FROM courses GROUP BY client_id;
  INSERT INTO rating_hours SELECT * FROM rating_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO commission_hours SELECT * FROM commission_hours_between('-infinity', 'infinity') ORDER BY 1;
  INSERT INTO audit_hours SELECT * FROM audit_hours_between('-infinity', 'infinity') ORDER BY 1, 2;
  INSERT INTO audit_actor_days SELECT * FROM audit_actor_days_between('-infinity', 'infinity') ORDER BY 1, 2;
END $$;

SELECT analytics_rollups_rebuild();
