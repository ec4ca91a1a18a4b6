ALTER TABLE "retail_points" ALTER COLUMN "current_bonus" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "retail_points" ALTER COLUMN "current_bonus" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "earn_rate" integer;--> statement-breakpoint
-- The chain's base rate (decision 055): the most common point rate (ties: the lowest), so no earn changes.
UPDATE "brand_settings" SET "settings" = jsonb_set("settings", '{baseEarnPercent}', to_jsonb(coalesce(
  (SELECT "current_bonus" FROM "retail_points" GROUP BY "current_bonus" ORDER BY count(*) DESC, "current_bonus" LIMIT 1),
  0))) WHERE NOT ("settings" ? 'baseEarnPercent');--> statement-breakpoint
-- Points all at one rate follow the base from now on; points at different rates keep theirs as overrides.
UPDATE "retail_points" SET "current_bonus" = NULL WHERE (SELECT count(DISTINCT "current_bonus") FROM "retail_points") = 1;
