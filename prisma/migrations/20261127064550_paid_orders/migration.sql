-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "order" JSONB;

-- AlterTable
ALTER TABLE "refunds" ALTER COLUMN "course_id" DROP NOT NULL;
