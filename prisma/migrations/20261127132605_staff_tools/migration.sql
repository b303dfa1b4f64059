-- AlterTable
ALTER TABLE "commission_runs" ADD COLUMN     "couriers_paid" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "total_paid" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "staff_notifications" (
    "id" UUID NOT NULL,
    "outbox_event_id" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_notification_reads" (
    "notification_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "read_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_notification_reads_pkey" PRIMARY KEY ("user_id","notification_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_notifications_outbox_event_id_key" ON "staff_notifications"("outbox_event_id");

-- CreateIndex
CREATE INDEX "staff_notifications_created_at_id_idx" ON "staff_notifications"("created_at", "id");

-- AddForeignKey
ALTER TABLE "staff_notification_reads" ADD CONSTRAINT "staff_notification_reads_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "staff_notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_notification_reads" ADD CONSTRAINT "staff_notification_reads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
