-- Written by hand (issue 40): ops find a merchant's course by the merchant's own order reference, as the shop reads it
-- out on the phone, case aside (the back office's search box). An expression index, which Prisma's schema cannot say;
-- only the courses that have a reference are in it.
CREATE INDEX courses_merchant_reference_search_idx ON courses (lower(merchant_reference)) WHERE merchant_reference IS NOT NULL;
