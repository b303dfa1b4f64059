-- CreateEnum
CREATE TYPE "PlaceObservationKind" AS ENUM ('pickup', 'delivery');

-- CreateTable
CREATE TABLE "place_observations" (
    "id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "normalised_text" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracy" DOUBLE PRECISION NOT NULL,
    "client_id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "kind" "PlaceObservationKind" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "place_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "place_observations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "places" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "normalised_name" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "observation_count" INTEGER NOT NULL,
    "distinct_clients" INTEGER NOT NULL,
    "spread_m" INTEGER NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "places_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "place_observations_place_id_idx" ON "place_observations"("place_id");

-- CreateIndex
CREATE INDEX "place_observations_latitude_longitude_idx" ON "place_observations"("latitude", "longitude");

-- CreateIndex
CREATE UNIQUE INDEX "place_observations_course_id_kind_key" ON "place_observations"("course_id", "kind");

-- CreateIndex
CREATE INDEX "places_latitude_longitude_idx" ON "places"("latitude", "longitude");

-- AddForeignKey
ALTER TABLE "place_observations" ADD CONSTRAINT "place_observations_place_id_fkey" FOREIGN KEY ("place_id") REFERENCES "places"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand (issue 39). place_fold(text): search_fold() (migration back_office_search) with spaces collapsed, the
-- form the place book compares. place_similarity(a, b): pg_trgm's similarity(), bound to the extension's schema when
-- created (test suites each have their own schema, the extensions one of the database), so any search_path finds it.
CREATE FUNCTION place_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN btrim(regexp_replace(search_fold(value), '\s+', ' ', 'g'));

DO $$
DECLARE
  trgm_at text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION place_similarity(a text, b text) RETURNS real LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
    'RETURN %s.similarity(a, b)', trgm_at);
  -- Search as you type (later) finds places through trigrams of place_fold(name) (the same as normalised_name): an
  -- expression index, which Prisma's schema cannot say and leaves alone (one on the column itself it would drop).
  EXECUTE format('CREATE INDEX places_name_search_idx ON places USING gin (place_fold(name) %s.gin_trgm_ops)', trgm_at);
END $$;
