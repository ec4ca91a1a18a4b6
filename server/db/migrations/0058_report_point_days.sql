CREATE TABLE "report_point_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"point" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"money" bigint DEFAULT 0 NOT NULL,
	"card" bigint DEFAULT 0 NOT NULL,
	"sbp" bigint DEFAULT 0 NOT NULL,
	"gift" bigint DEFAULT 0 NOT NULL,
	"till" bigint DEFAULT 0 NOT NULL,
	"issued" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_point_days_pk" PRIMARY KEY("time_zone","day","point")
);
--> statement-breakpoint
-- Hand-added (decision 090): the payments and the points' bonuses move from `report_days` and
-- `report_breakdown_days` into one row per day and point, so the stored days are dropped once more and computed
-- again.
DELETE FROM "report_days";--> statement-breakpoint
DELETE FROM "report_breakdown_days";--> statement-breakpoint
DELETE FROM "report_active_days";--> statement-breakpoint
DELETE FROM "report_days_closed";
