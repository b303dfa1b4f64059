-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "delivery_place_id" UUID,
ADD COLUMN     "pickup_place_id" UUID;

-- AlterTable
ALTER TABLE "places" ADD COLUMN     "instructions" TEXT,
ADD COLUMN     "kept_together" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "name_by_staff" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "point_by_staff" BOOLEAN NOT NULL DEFAULT false;

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_pickup_place_id_fkey" FOREIGN KEY ("pickup_place_id") REFERENCES "places"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_delivery_place_id_fkey" FOREIGN KEY ("delivery_place_id") REFERENCES "places"("id") ON DELETE SET NULL ON UPDATE CASCADE;
