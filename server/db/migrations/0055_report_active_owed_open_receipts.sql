CREATE TABLE "report_active_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"previous_day" date NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "report_active_days_pk" PRIMARY KEY("time_zone","day","previous_day")
);
--> statement-breakpoint
CREATE TABLE "report_owed_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"bonus" bigint NOT NULL,
	"money" bigint NOT NULL,
	"gift" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_owed_days_pk" PRIMARY KEY("time_zone","day")
);
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_open_created" ON "fiscal_receipts" USING btree ("created_at") WHERE "fiscal_receipts"."status" <> 'done';--> statement-breakpoint
-- Hand-added (decision 090): the ended days stored before this migration have no active-member or fiscal rows,
-- so they are dropped, as 0022, 0051 and 0054 did; the hourly job and the next report compute them again.
DELETE FROM "report_days";--> statement-breakpoint
DELETE FROM "report_breakdown_days";--> statement-breakpoint
DELETE FROM "report_days_closed";
