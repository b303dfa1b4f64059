-- Written by hand (issue 39): search as you type on the order form's « Adresse » fields. place_word_match(needle,
-- haystack) is pg_trgm's `<%` operator (word similarity of the typed text to some run of words of the place's name, at
-- least pg_trgm.word_similarity_threshold, 0.6 unless set): typos and words typed in part (« bambetto », « carefour
-- bambeto », « kalo ») still find the place. The operator is named with the extension's schema when the function is
-- created (test suites each have their own schema, the extensions one of the database), so any search_path finds it.
-- Its SQL body is inlined by the planner: `place_word_match(q, place_fold(name))` uses the trigram index
-- places_name_search_idx (migration place_book). STABLE, not IMMUTABLE: the threshold is a setting.
DO $$
DECLARE
  trgm_at text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION place_word_match(needle text, haystack text) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE '
    'RETURN needle OPERATOR(%s.<%%) haystack', trgm_at);
END $$;
