-- Issue 25: the top couriers of a period without one index step per courier.
--
-- courier_deliveries_since(a) takes from each courier's latest totals their running total as of the first whole hour
-- at or after a. It found it with one step down (courier_id, hour) per courier: 500 steps at the soak's year, 4 ms of
-- every analytics answer, and ten times that at ten times the couriers. Now the running totals of the 6 hours before
-- that hour are read in one range of an index by hour that holds the totals too (index-only), each courier's last one
-- kept; only a courier who delivered nothing in those 6 hours takes the step down (at a busy hour, hardly any): 4 →
-- 2 ms at the soak's year. Same figures (the rollups test compares them with the raw courses).
--
-- The range is read from the index alone while its pages are marked all-visible, which a vacuum does: the table is
-- vacuumed after 1% of it changes rather than 20% (a narrow table, rows of past hours never change after their hour).

-- CreateIndex
CREATE INDEX "courier_delivery_totals_hour_courier_id_deliveries_revenue_idx" ON "courier_delivery_totals"("hour", "courier_id", "deliveries", "revenue");

ALTER TABLE "courier_delivery_totals" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);

CREATE OR REPLACE FUNCTION courier_deliveries_since(a timestamp)
RETURNS TABLE (courier_id uuid, deliveries int, revenue bigint) LANGUAGE sql STABLE AS $$
  WITH recent AS MATERIALIZED (
    SELECT DISTINCT ON (t.courier_id) t.courier_id, t.deliveries, t.revenue FROM courier_delivery_totals t
    WHERE t.hour >= bucket_ceil('hour', a) - interval '6 hours' AND t.hour < bucket_ceil('hour', a)
    ORDER BY t.courier_id, t.hour DESC)
  SELECT l.courier_id, l.deliveries - coalesce(r.deliveries, before.deliveries, 0), l.revenue - coalesce(r.revenue, before.revenue, 0)
  FROM courier_delivery_latest l
  LEFT JOIN recent r ON r.courier_id = l.courier_id
  -- Only for a courier without a total in the 6 hours (the condition on r gates the step).
  LEFT JOIN LATERAL (SELECT t.deliveries, t.revenue FROM courier_delivery_totals t
                     WHERE r.courier_id IS NULL AND t.courier_id = l.courier_id AND t.hour < bucket_ceil('hour', a) - interval '6 hours'
                     ORDER BY t.hour DESC LIMIT 1) before ON true
  UNION ALL SELECT p.courier_id, p.deliveries, p.revenue FROM courier_delivery_hours_between(a, bucket_ceil('hour', a)) p
$$;
