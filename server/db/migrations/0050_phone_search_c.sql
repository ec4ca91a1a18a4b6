-- The console's phone search (decision 088): the prefix and the order in one index in the "C" collation, so
-- «7900…» reads the range's first 20 entries in order. The text_pattern_ops index gave the range but not the
-- order (the database's collation is not "C"), so every match was read and sorted, or the unique index walked
-- in order through every member before the range (11 to 15 times slower at 2,000,000 members).
DROP INDEX IF EXISTS "users_phone_prefix";--> statement-breakpoint
CREATE INDEX "users_phone_c" ON "users" ("phone" COLLATE "C");
