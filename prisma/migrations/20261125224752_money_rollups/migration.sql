-- Issue 25: the money summaries read rollups and index ranges instead of every ledger line and commission.
--
-- courier_balances: one row per courier, the sums of their ledger (earnings, cash, and the cash deposited), kept by a
-- statement trigger on courier_ledger_entries (append-only: inserts are its only change) in the transaction that adds
-- the entries. commission_sums: commissions counted and summed per (status, month, courier), kept by statement
-- triggers on every insert, update and delete of commissions; the month is paid_at's for a paid commission (so "paid
-- this month" is the rows from this month on), created_at's for a pending one; a row whose count falls to 0 is removed,
-- so the pending rows are a few per courier.
--
-- Locks: both triggers first lock the couriers' users rows (FOR NO KEY UPDATE, in id order), then their rollup rows in
-- key order, so a rollup row is only ever taken after its courier's users row. Money decisions about a courier lock
-- that row first (LedgerRepository.lockCourier; the weekly run, one courier after another) and the handover updates it
-- (total_courses) after writing the commission and the ledger: without the triggers' lock, a transaction that updated
-- the courier's users row before adding to their ledger would deadlock against a handover in between
-- (test/e2e/summaries.e2e-spec.ts). A courier's ledger and commission writes queue on their own rows only, not on one
-- platform-wide row; the weekly run holds each courier's rows until it commits, as it already held their users row.
--
-- money_rollups_rebuild() counts both afresh from the raw rows (this migration's backfill, and the soak fill, which
-- inserts with triggers off); it locks the two tables against writes while it runs.

-- CreateTable
CREATE TABLE "courier_balances" (
    "courier_id" UUID NOT NULL,
    "earnings" BIGINT NOT NULL DEFAULT 0,
    "cash" BIGINT NOT NULL DEFAULT 0,
    "deposited" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "courier_balances_pkey" PRIMARY KEY ("courier_id")
);

-- CreateTable
CREATE TABLE "commission_sums" (
    "status" "CommissionStatus" NOT NULL,
    "month" DATE NOT NULL,
    "courier_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "commission_sums_pkey" PRIMARY KEY ("status","month","courier_id")
);

-- CreateIndex
CREATE INDEX "commission_sums_courier_id_status_idx" ON "commission_sums"("courier_id", "status");

-- CreateIndex
CREATE INDEX "payouts_status_completed_at_idx" ON "payouts"("status", "completed_at");

-- CreateIndex
CREATE INDEX "users_loyalty_points_created_at_idx" ON "users"("loyalty_points" DESC, "created_at");

CREATE FUNCTION courier_balances_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT courier_id FROM added) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO courier_balances AS b (courier_id, earnings, cash, deposited)
  SELECT courier_id,
    coalesce(sum(amount) FILTER (WHERE account = 'earnings'), 0),
    coalesce(sum(amount) FILTER (WHERE account = 'cash'), 0),
    coalesce(-sum(amount) FILTER (WHERE kind = 'cash_deposited'), 0)
  FROM added GROUP BY courier_id ORDER BY courier_id
  ON CONFLICT (courier_id) DO UPDATE SET earnings = b.earnings + EXCLUDED.earnings, cash = b.cash + EXCLUDED.cash,
    deposited = b.deposited + EXCLUDED.deposited;
  RETURN NULL;
END $$;

CREATE TRIGGER courier_ledger_entries_summed AFTER INSERT ON courier_ledger_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION courier_balances_keep();

-- The month a commission counts in.
CREATE FUNCTION commission_sums_month(status "CommissionStatus", paid_at timestamp, created_at timestamp) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'paid' THEN coalesce(date_trunc('month', paid_at)::date, '-infinity') ELSE date_trunc('month', created_at)::date END
$$;


CREATE FUNCTION commission_sums_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT courier_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO commission_sums AS s (status, month, courier_id, count, amount)
    SELECT status, commission_sums_month(status, paid_at, created_at), courier_id, count(*), sum(amount)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, month, courier_id) DO UPDATE SET count = s.count + EXCLUDED.count, amount = s.amount + EXCLUDED.amount;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Most updates link commissions to a payout: nothing counted changes.
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE (o.status, o.paid_at, o.created_at, o.courier_id, o.amount) IS DISTINCT FROM (n.status, n.paid_at, n.created_at, n.courier_id, n.amount)) THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM users WHERE id IN (SELECT courier_id FROM old_rows UNION SELECT courier_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO commission_sums AS s (status, month, courier_id, count, amount)
    SELECT status, month, courier_id, sum(count), sum(amount) FROM (
      SELECT status, commission_sums_month(status, paid_at, created_at) AS month, courier_id, 1 AS count, amount::bigint AS amount FROM new_rows
      UNION ALL
      SELECT status, commission_sums_month(status, paid_at, created_at), courier_id, -1, -amount::bigint FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(count) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (status, month, courier_id) DO UPDATE SET count = s.count + EXCLUDED.count, amount = s.amount + EXCLUDED.amount;
  ELSE
    PERFORM 1 FROM users WHERE id IN (SELECT courier_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO commission_sums AS s (status, month, courier_id, count, amount)
    SELECT status, commission_sums_month(status, paid_at, created_at), courier_id, -count(*), -sum(amount)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, month, courier_id) DO UPDATE SET count = s.count + EXCLUDED.count, amount = s.amount + EXCLUDED.amount;
  END IF;
  -- Only the old rows' keys can fall to 0.
  DELETE FROM commission_sums s USING old_rows o
  WHERE s.status = o.status AND s.month = commission_sums_month(o.status, o.paid_at, o.created_at) AND s.courier_id = o.courier_id AND s.count = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER commissions_summed AFTER INSERT ON commissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_sums_keep();
CREATE TRIGGER commissions_resummed AFTER UPDATE ON commissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_sums_keep();
CREATE TRIGGER commissions_unsummed AFTER DELETE ON commissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_sums_keep();

-- Both rollups counted afresh from the raw rows.
CREATE FUNCTION money_rollups_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE courier_ledger_entries, commissions IN SHARE MODE;
  DELETE FROM courier_balances;
  INSERT INTO courier_balances (courier_id, earnings, cash, deposited)
  SELECT courier_id,
    coalesce(sum(amount) FILTER (WHERE account = 'earnings'), 0),
    coalesce(sum(amount) FILTER (WHERE account = 'cash'), 0),
    coalesce(-sum(amount) FILTER (WHERE kind = 'cash_deposited'), 0)
  FROM courier_ledger_entries GROUP BY courier_id;
  DELETE FROM commission_sums;
  INSERT INTO commission_sums (status, month, courier_id, count, amount)
  SELECT status, commission_sums_month(status, paid_at, created_at), courier_id, count(*), sum(amount)
  FROM commissions GROUP BY 1, 2, 3;
END $$;

-- The ledger and commissions there already.
SELECT money_rollups_rebuild();
