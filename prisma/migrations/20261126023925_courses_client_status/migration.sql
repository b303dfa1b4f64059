-- Issue 25: a socket's handshake reads its user's open courses (TrackingRepository.openCoursesOf); for a client, through
-- their courses' (client_id, created_at, id) index it read their whole history, as it did for a courier before the open
-- statuses were named (3 750 pages for a courier at the soak's year).

-- CreateIndex
CREATE INDEX "courses_client_id_status_idx" ON "courses"("client_id", "status");
