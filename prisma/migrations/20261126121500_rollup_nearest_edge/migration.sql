-- A figure over [a, b) from a rollup reads the raw rows of the partial buckets at its two ends. Until now it always took
-- the boundary after each end: from a to the next whole hour, up to an hour of raw rows — at a busy hour 400 to 1 000
-- courses, commissions or audit lines, read again by each figure of an analytics answer (issue 25's soak: 10–15 ms of
-- a 24 h answer at a year). Now each end takes the nearer boundary, before or after it, counting that raw rows exist
-- only up to now: the buckets from that boundary, plus the raw rows between the end and a boundary after it, or minus
-- those between a boundary before it and the end. Still exact for any range (the rollups e2e compares every figure with
-- its raw rows over ranges that start and end inside buckets); half as many raw rows at most, a quarter on average,
-- and none for an end at now.

-- Of the two boundaries of t's bucket, the one fewer raw rows lie between: the one before costs the time since it, the
-- one after the time until it or until now, whichever comes first (nothing is recorded in the future).
CREATE FUNCTION bucket_edge(unit text, t timestamp) RETURNS timestamp LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN t - date_trunc(unit, t) < least(bucket_ceil(unit, t), now() AT TIME ZONE 'UTC') - t
              THEN date_trunc(unit, t) ELSE bucket_ceil(unit, t) END
$$;

-- The raw rows between t and its edge count once: added when the edge is after t, taken away when it is before. One
-- read of them with this sign, not one read per side (planning each read of a growing table's last rows costs more
-- than reading them).
CREATE FUNCTION edge_sign(unit text, t timestamp) RETURNS int LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bucket_edge(unit, t) > t THEN 1 ELSE -1 END
$$;

CREATE OR REPLACE FUNCTION course_hours_in(a timestamp, b timestamp) RETURNS SETOF course_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM course_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, zone, edge_sign('hour', a) * orders, edge_sign('hour', a) * delivered, edge_sign('hour', a) * cancelled
    FROM course_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, zone, -edge_sign('hour', b) * orders, -edge_sign('hour', b) * delivered, -edge_sign('hour', b) * cancelled
    FROM course_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

CREATE OR REPLACE FUNCTION delivery_hours_in(a timestamp, b timestamp) RETURNS SETOF delivery_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM delivery_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, edge_sign('hour', a) * deliveries, edge_sign('hour', a) * revenue, edge_sign('hour', a) * timed, edge_sign('hour', a) * timed_seconds, edge_sign('hour', a) * on_time
    FROM delivery_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, -edge_sign('hour', b) * deliveries, -edge_sign('hour', b) * revenue, -edge_sign('hour', b) * timed, -edge_sign('hour', b) * timed_seconds, -edge_sign('hour', b) * on_time
    FROM delivery_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

CREATE OR REPLACE FUNCTION rating_hours_in(a timestamp, b timestamp) RETURNS SETOF rating_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM rating_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, edge_sign('hour', a) * ratings, edge_sign('hour', a) * stars
    FROM rating_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, -edge_sign('hour', b) * ratings, -edge_sign('hour', b) * stars
    FROM rating_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

CREATE OR REPLACE FUNCTION commission_hours_in(a timestamp, b timestamp) RETURNS SETOF commission_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM commission_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, edge_sign('hour', a) * amount
    FROM commission_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, -edge_sign('hour', b) * amount
    FROM commission_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

CREATE OR REPLACE FUNCTION audit_hours_in(a timestamp, b timestamp) RETURNS SETOF audit_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM audit_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, action, edge_sign('hour', a) * count
    FROM audit_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, action, -edge_sign('hour', b) * count
    FROM audit_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

CREATE OR REPLACE FUNCTION audit_actor_days_in(a timestamp, b timestamp) RETURNS SETOF audit_actor_days LANGUAGE sql STABLE AS $$
  SELECT * FROM audit_actor_days WHERE day >= bucket_edge('day', a) AND day < bucket_edge('day', b)
  UNION ALL SELECT day, actor_id, edge_sign('day', a) * count
    FROM audit_actor_days_between(least(a, bucket_edge('day', a)), greatest(a, bucket_edge('day', a)))
  UNION ALL SELECT day, actor_id, -edge_sign('day', b) * count
    FROM audit_actor_days_between(least(b, bucket_edge('day', b)), greatest(b, bucket_edge('day', b)))
$$;

CREATE OR REPLACE FUNCTION client_mark_hours_in(a timestamp, b timestamp) RETURNS SETOF client_mark_hours LANGUAGE sql STABLE AS $$
  SELECT * FROM client_mark_hours WHERE hour >= bucket_edge('hour', a) AND hour < bucket_edge('hour', b)
  UNION ALL SELECT hour, edge_sign('hour', a) * ordering, edge_sign('hour', a) * repeating
    FROM client_mark_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a)))
  UNION ALL SELECT hour, -edge_sign('hour', b) * ordering, -edge_sign('hour', b) * repeating
    FROM client_mark_hours_between(least(b, bucket_edge('hour', b)), greatest(b, bucket_edge('hour', b)))
$$;

-- Per courier, their deliveries and revenue from a on: all they delivered minus their running total as of the nearer
-- whole hour to a (one step down the primary key; the hour worked out once, not at each courier's step), with the raw
-- rows between a and that hour.
CREATE OR REPLACE FUNCTION courier_deliveries_since(a timestamp)
RETURNS TABLE (courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  SELECT l.courier_id, l.deliveries - coalesce(before.deliveries, 0), l.revenue - coalesce(before.revenue, 0)
  FROM courier_delivery_latest l
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE t.courier_id = l.courier_id AND t.hour < (SELECT bucket_edge('hour', a)) ORDER BY t.hour DESC LIMIT 1) before ON true
  UNION ALL SELECT p.courier_id, edge_sign('hour', a) * p.deliveries, edge_sign('hour', a) * p.revenue
    FROM courier_delivery_hours_between(least(a, bucket_edge('hour', a)), greatest(a, bucket_edge('hour', a))) p
$$;
