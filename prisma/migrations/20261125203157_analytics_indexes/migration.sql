-- CreateIndex
CREATE INDEX "commissions_created_at_idx" ON "commissions"("created_at");

-- CreateIndex
CREATE INDEX "courses_delivery_time_idx" ON "courses"("delivery_time");

-- CreateIndex
CREATE INDEX "ratings_created_at_idx" ON "ratings"("created_at");
