-- Issue 38: the back office's search box finds courses and accounts by number, phone, name, address or e-mail, case
-- and accents aside (« balde » finds « Mamadou Baldé »). Phones and numbers are compared exactly, on btree indexes (the
-- phones below come from the schema); names, addresses and e-mails contain the text, through trigram (pg_trgm) GIN
-- indexes on their folded form. Written by hand: Prisma's schema cannot say "extension", "function" or "expression
-- index".
--
-- search_fold(text) is the folded form: lower case, accents removed. unaccent() itself is only STABLE (its dictionary
-- could change), so an index cannot use it: the usual wrapper names the dictionary and is declared IMMUTABLE. Its body
-- is bound when it is created (SQL-standard body), so it works whatever the search_path of the session using it. The
-- extensions live in one schema of the database (test suites each have their own schema of one database): public,
-- or wherever they were installed before, found in pg_extension.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

DO $$
DECLARE
  unaccent_at text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
  trgm_at text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
    'RETURN lower(%1$s.unaccent(%2$L::regdictionary, value))',
    unaccent_at, unaccent_at || '.unaccent');
  EXECUTE format('CREATE INDEX users_full_name_search_idx ON users USING gin (search_fold(full_name) %s.gin_trgm_ops)', trgm_at);
  EXECUTE format('CREATE INDEX users_email_search_idx ON users USING gin (search_fold(email) %s.gin_trgm_ops)', trgm_at);
  EXECUTE format('CREATE INDEX courses_pickup_address_search_idx ON courses USING gin (search_fold(pickup_address) %s.gin_trgm_ops)', trgm_at);
  EXECUTE format('CREATE INDEX courses_delivery_address_search_idx ON courses USING gin (search_fold(delivery_address) %s.gin_trgm_ops)', trgm_at);
END $$;

-- CreateIndex
CREATE INDEX "courses_recipient_phone_idx" ON "courses"("recipient_phone");

-- CreateIndex
CREATE INDEX "courses_pickup_contact_phone_idx" ON "courses"("pickup_contact_phone");

-- CreateIndex
CREATE INDEX "courses_delivery_contact_phone_idx" ON "courses"("delivery_contact_phone");
