-- AlterEnum
ALTER TYPE "FileKind" ADD VALUE 'parcel_photo';

-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "photo_file_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "courses_photo_file_id_key" ON "courses"("photo_file_id");

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_photo_file_id_fkey" FOREIGN KEY ("photo_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
