-- Keyset pagination (README « Lists come in pages »): each list's filter, then its order (created_at or at, id).

-- DropIndex
DROP INDEX "audit_logs_action_at_idx";

-- DropIndex
DROP INDEX "audit_logs_at_idx";

-- DropIndex
DROP INDEX "courier_ledger_entries_courier_id_created_at_idx";

-- DropIndex
DROP INDEX "courses_client_id_created_at_idx";

-- DropIndex
DROP INDEX "courses_created_at_idx";

-- DropIndex
DROP INDEX "courses_status_created_at_idx";

-- DropIndex
DROP INDEX "disputes_status_created_at_idx";

-- DropIndex
DROP INDEX "payout_requests_status_created_at_idx";

-- DropIndex
DROP INDEX "payouts_courier_id_created_at_idx";

-- DropIndex
DROP INDEX "refunds_status_created_at_idx";

-- DropIndex
DROP INDEX "support_requests_status_created_at_idx";

-- DropIndex
DROP INDEX "users_role_created_at_idx";

-- CreateIndex
CREATE INDEX "audit_logs_action_at_id_idx" ON "audit_logs"("action", "at", "id");

-- CreateIndex
CREATE INDEX "audit_logs_at_id_idx" ON "audit_logs"("at", "id");

-- CreateIndex
CREATE INDEX "audit_logs_resource_type_at_id_idx" ON "audit_logs"("resource_type", "at", "id");

-- CreateIndex
CREATE INDEX "commissions_courier_id_created_at_id_idx" ON "commissions"("courier_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "courier_ledger_entries_courier_id_created_at_id_idx" ON "courier_ledger_entries"("courier_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "courses_client_id_created_at_id_idx" ON "courses"("client_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "courses_courier_id_created_at_id_idx" ON "courses"("courier_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "courses_status_created_at_id_idx" ON "courses"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "courses_created_at_id_idx" ON "courses"("created_at", "id");

-- CreateIndex
CREATE INDEX "disputes_status_created_at_id_idx" ON "disputes"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "disputes_created_at_id_idx" ON "disputes"("created_at", "id");

-- CreateIndex
CREATE INDEX "payout_requests_status_created_at_id_idx" ON "payout_requests"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "payouts_courier_id_created_at_id_idx" ON "payouts"("courier_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "payouts_created_at_id_idx" ON "payouts"("created_at", "id");

-- CreateIndex
CREATE INDEX "refunds_status_created_at_id_idx" ON "refunds"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "support_requests_status_created_at_id_idx" ON "support_requests"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "support_requests_created_at_id_idx" ON "support_requests"("created_at", "id");

-- CreateIndex
CREATE INDEX "users_role_created_at_id_idx" ON "users"("role", "created_at", "id");

-- CreateIndex
CREATE INDEX "users_created_at_id_idx" ON "users"("created_at", "id");
