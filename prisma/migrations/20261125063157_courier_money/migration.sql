-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('course', 'cash_deposit');

-- CreateEnum
CREATE TYPE "LedgerAccount" AS ENUM ('earnings', 'cash');

-- CreateEnum
CREATE TYPE "LedgerEntryKind" AS ENUM ('commission_earned', 'cash_collected', 'cash_deposited', 'cash_netted', 'payout_sent', 'payout_reversed', 'adjustment');

-- CreateEnum
CREATE TYPE "CashDepositMethod" AS ENUM ('mobile_money', 'office');

-- CreateEnum
CREATE TYPE "CashDepositStatus" AS ENUM ('pending', 'credited', 'failed');

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('to_do', 'processing', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "RefundMethod" AS ENUM ('provider', 'wallet');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "purpose" "PaymentPurpose" NOT NULL DEFAULT 'course';

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "failure_reason" TEXT,
ADD COLUMN     "provider" "PaymentProvider",
ADD COLUMN     "provider_reference" TEXT;

-- CreateTable
CREATE TABLE "courier_ledger_entries" (
    "id" UUID NOT NULL,
    "courier_id" UUID NOT NULL,
    "account" "LedgerAccount" NOT NULL,
    "kind" "LedgerEntryKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "course_id" UUID,
    "payout_id" UUID,
    "deposit_id" UUID,
    "reason" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "courier_ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cash_deposits" (
    "id" UUID NOT NULL,
    "courier_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "method" "CashDepositMethod" NOT NULL,
    "status" "CashDepositStatus" NOT NULL DEFAULT 'pending',
    "payment_id" UUID,
    "recorded_by_id" UUID,
    "note" TEXT,
    "credited_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cash_deposits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "method" "RefundMethod",
    "status" "RefundStatus" NOT NULL DEFAULT 'to_do',
    "reference" TEXT NOT NULL,
    "phone" TEXT,
    "provider" "PaymentProvider",
    "provider_reference" TEXT,
    "failure_reason" TEXT,
    "sent_by_id" UUID,
    "completed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "courier_ledger_entries_courier_id_created_at_idx" ON "courier_ledger_entries"("courier_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "courier_ledger_entries_kind_account_course_id_key" ON "courier_ledger_entries"("kind", "account", "course_id");

-- CreateIndex
CREATE UNIQUE INDEX "courier_ledger_entries_kind_account_payout_id_key" ON "courier_ledger_entries"("kind", "account", "payout_id");

-- CreateIndex
CREATE UNIQUE INDEX "courier_ledger_entries_kind_account_deposit_id_key" ON "courier_ledger_entries"("kind", "account", "deposit_id");

-- CreateIndex
CREATE UNIQUE INDEX "cash_deposits_payment_id_key" ON "cash_deposits"("payment_id");

-- CreateIndex
CREATE INDEX "cash_deposits_courier_id_created_at_idx" ON "cash_deposits"("courier_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_payment_id_key" ON "refunds"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_reference_key" ON "refunds"("reference");

-- CreateIndex
CREATE INDEX "refunds_status_created_at_idx" ON "refunds"("status", "created_at");

-- AddForeignKey
ALTER TABLE "courier_ledger_entries" ADD CONSTRAINT "courier_ledger_entries_courier_id_fkey" FOREIGN KEY ("courier_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "courier_ledger_entries" ADD CONSTRAINT "courier_ledger_entries_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_deposits" ADD CONSTRAINT "cash_deposits_courier_id_fkey" FOREIGN KEY ("courier_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_deposits" ADD CONSTRAINT "cash_deposits_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cash_deposits" ADD CONSTRAINT "cash_deposits_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_sent_by_id_fkey" FOREIGN KEY ("sent_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The ledger is append-only: an entry is never changed or removed (a correction is a new `adjustment` entry).
CREATE FUNCTION courier_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'courier_ledger_entries is append-only';
END $$;
CREATE TRIGGER courier_ledger_append_only BEFORE UPDATE OR DELETE ON "courier_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION courier_ledger_append_only();
