-- AlterEnum
ALTER TYPE "RefundMethod" ADD VALUE 'outside';

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "paid_outside" JSONB;

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "paid_outside" JSONB;
