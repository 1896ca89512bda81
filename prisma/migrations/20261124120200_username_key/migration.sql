-- Usernames are compared by their normalised, lower-cased form (ADR 127): NFKC, invisible
-- characters removed, inner whitespace made one space, trimmed, by the same rules as
-- normalizeUsername / usernameKey in app/utils/text.ts. The key is computed by the database
-- (a generated column), so every write path gets it, and its unique index settles races.

-- The invisible set is \p{Cf}, \p{Default_Ignorable_Code_Point} and U+2800, spelled out.
CREATE FUNCTION "username_normalize"(name TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN btrim(
    regexp_replace(
      regexp_replace(
        normalize(name, NFKC),
        '[\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]',
        '', 'g'),
      '[\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+',
      ' ', 'g'),
    ' ');

-- Lower-casing beyond ASCII uses the ICU root collation (the locale of the cluster may be "C").
-- (No semicolons inside statements here: the migration runner splits the file on them.)
CREATE FUNCTION "username_key"(name TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN NULLIF(lower("username_normalize"(name) COLLATE "und-x-icu"), '');

-- DropIndex: uniqueness moves to the key.
DROP INDEX "profiles_username_key";

-- Existing names are stored normalised, and a name of invisible characters only becomes no name.
UPDATE "profiles"
SET "username" = NULLIF("username_normalize"("username"), '')
WHERE "username" IS NOT NULL AND "username" IS DISTINCT FROM NULLIF("username_normalize"("username"), '');

-- Names that are now the same (case, invisible characters, look-alike forms): the oldest
-- profile keeps its name, and each later one gets "-" and the end of its user id appended, so no
-- one loses their account, and no name stays shared.
WITH ranked AS (
  SELECT "userId", row_number() OVER (PARTITION BY "username_key"("username") ORDER BY "createdAt", "userId") AS n
  FROM "profiles"
  WHERE "username_key"("username") IS NOT NULL
)
UPDATE "profiles" p
SET "username" = rtrim(left(p."username", 43)) || '-' || right(p."userId", 6)
FROM ranked r
WHERE r."userId" = p."userId" AND r.n > 1;

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN "usernameKey" TEXT GENERATED ALWAYS AS ("username_key"("username")) STORED;

-- CreateIndex
CREATE UNIQUE INDEX "profiles_usernameKey_key" ON "profiles"("usernameKey");
