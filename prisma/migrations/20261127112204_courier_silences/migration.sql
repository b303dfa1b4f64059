-- CreateTable
CREATE TABLE "courier_silences" (
    "courier_id" UUID NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "flagged_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "courier_silences_pkey" PRIMARY KEY ("courier_id")
);

-- AddForeignKey
ALTER TABLE "courier_silences" ADD CONSTRAINT "courier_silences_courier_id_fkey" FOREIGN KEY ("courier_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
