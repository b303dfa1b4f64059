-- CreateTable
CREATE TABLE "saved_places" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "label" VARCHAR(40) NOT NULL,
    "label_key" TEXT NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "instructions" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saved_places_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_places_client_id_label_key_key" ON "saved_places"("client_id", "label_key");

-- AddForeignKey
ALTER TABLE "saved_places" ADD CONSTRAINT "saved_places_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
