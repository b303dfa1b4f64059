-- Issue 25: how many accounts exist (anonymized_at null) in each role, kept by triggers in the transaction that
-- inserts, deletes, anonymises or changes the role of a user, so the dashboard's user count and the back office's user
-- list total read a few rows instead of counting every account. A change takes its rows (at most two: a role change)
-- in the enum's order in one statement, so two transactions never take them in opposite orders. Each account created
-- locks its role's row until it commits: fine at Coursa's rate of sign-ups.
-- user_role_counts_rebuild() counts them afresh (this migration's backfill, and the soak fill, which inserts with
-- triggers off).

-- CreateTable
CREATE TABLE "user_role_counts" (
    "role" "Role" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "user_role_counts_pkey" PRIMARY KEY ("role")
);

CREATE FUNCTION user_role_counts_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone "Role";
  came "Role";
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.anonymized_at IS NULL THEN gone := OLD.role; END IF;
  IF TG_OP <> 'DELETE' AND NEW.anonymized_at IS NULL THEN came := NEW.role; END IF;
  IF gone IS NOT DISTINCT FROM came THEN RETURN NULL; END IF;
  INSERT INTO user_role_counts AS c (role, count)
  SELECT role, sum(delta) FROM (VALUES (gone, -1), (came, 1)) v(role, delta) WHERE role IS NOT NULL GROUP BY role ORDER BY role
  ON CONFLICT (role) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END $$;

CREATE TRIGGER users_role_counted AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_keep();
CREATE TRIGGER users_role_moved AFTER UPDATE OF role, anonymized_at ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR (OLD.anonymized_at IS NULL) <> (NEW.anonymized_at IS NULL))
  EXECUTE FUNCTION user_role_counts_keep();

CREATE FUNCTION user_role_counts_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users IN SHARE MODE;
  DELETE FROM user_role_counts;
  INSERT INTO user_role_counts (role, count) SELECT role, count(*) FROM users WHERE anonymized_at IS NULL GROUP BY role;
END $$;

-- The accounts there already.
SELECT user_role_counts_rebuild();
