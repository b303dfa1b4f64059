-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "status_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "support_requests" ADD COLUMN     "occurred_at" TIMESTAMP(3);
