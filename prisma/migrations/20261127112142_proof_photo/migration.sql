-- AlterEnum
ALTER TYPE "FileKind" ADD VALUE 'proof_photo';

-- AlterTable
ALTER TABLE "courses" ADD COLUMN     "proof_photo_file_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "courses_proof_photo_file_id_key" ON "courses"("proof_photo_file_id");

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_proof_photo_file_id_fkey" FOREIGN KEY ("proof_photo_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
