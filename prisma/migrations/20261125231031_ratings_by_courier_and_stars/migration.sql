-- Issue 25: a courier's count per star (GET /api/delivery/ratings) and the average recomputed at each new rating read
-- this index alone instead of the courier's year of ratings.

-- CreateIndex
CREATE INDEX "ratings_courier_id_rating_idx" ON "ratings"("courier_id", "rating");
