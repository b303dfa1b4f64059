-- course_zone() as one expression PostgreSQL inlines into the query that calls it, instead of a query of its own
-- (VALUES … ORDER BY … LIMIT 1) run once per course: the analytics read the partial hours at the ends of a period from
-- the raw courses (a busy hour is 400–800 of them), and at 25 µs a call that was 10–20 ms of each analytics answer at
-- the soak's year (issue 25). The same rule, unchanged — the nearest commune centre of CONAKRY_COMMUNES
-- (libs/domain/src/analytics.ts), the first listed on a tie, or 'Hors Conakry' beyond ZONE_RADIUS_KM (111 km per degree of
-- Euclidean difference) — which the rollups test compares with libs/domain. No index or stored column holds its
-- results, so nothing is rebuilt.
CREATE OR REPLACE FUNCTION course_zone(lat float8, lng float8) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN 111 * sqrt(least(power(lat - 9.5092, 2) + power(lng - -13.7122, 2), power(lat - 9.5482, 2) + power(lng - -13.6792, 2),
                          power(lat - 9.5456, 2) + power(lng - -13.6566, 2), power(lat - 9.6106, 2) + power(lng - -13.6236, 2),
                          power(lat - 9.5769, 2) + power(lng - -13.612, 2))) > 15 THEN 'Hors Conakry'
    WHEN power(lat - 9.5092, 2) + power(lng - -13.7122, 2) <= least(power(lat - 9.5482, 2) + power(lng - -13.6792, 2),
           power(lat - 9.5456, 2) + power(lng - -13.6566, 2), power(lat - 9.6106, 2) + power(lng - -13.6236, 2),
           power(lat - 9.5769, 2) + power(lng - -13.612, 2)) THEN 'Kaloum'
    WHEN power(lat - 9.5482, 2) + power(lng - -13.6792, 2) <= least(power(lat - 9.5456, 2) + power(lng - -13.6566, 2),
           power(lat - 9.6106, 2) + power(lng - -13.6236, 2), power(lat - 9.5769, 2) + power(lng - -13.612, 2)) THEN 'Dixinn'
    WHEN power(lat - 9.5456, 2) + power(lng - -13.6566, 2) <= least(power(lat - 9.6106, 2) + power(lng - -13.6236, 2),
           power(lat - 9.5769, 2) + power(lng - -13.612, 2)) THEN 'Matam'
    WHEN power(lat - 9.6106, 2) + power(lng - -13.6236, 2) <= power(lat - 9.5769, 2) + power(lng - -13.612, 2) THEN 'Ratoma'
    ELSE 'Matoto'
  END
$$;
