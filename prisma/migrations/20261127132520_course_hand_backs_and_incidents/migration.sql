-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "hand_back_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "support_requests" ADD COLUMN     "incident_kind" TEXT,
ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION,
ADD COLUMN     "position_at" TIMESTAMP(3);
