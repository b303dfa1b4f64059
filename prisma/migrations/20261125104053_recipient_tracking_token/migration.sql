-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "tracking_token_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "courses_tracking_token_hash_key" ON "courses"("tracking_token_hash");
