CREATE TABLE "report_days" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "report_days_pk" PRIMARY KEY("time_zone","day","metric","point")
);
--> statement-breakpoint
CREATE TABLE "report_days_closed" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_days_closed_pk" PRIMARY KEY("time_zone","day")
);
--> statement-breakpoint
CREATE INDEX "users_created_at" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operations_occurred_user" ON "operations" USING btree ("occurred_at","user_id");--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_created_at" ON "gift_card_redemptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_at" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_drafts_completed" ON "payment_drafts" USING btree ("resolved_at") WHERE "payment_drafts"."state" = 'completed';--> statement-breakpoint
CREATE INDEX "till_operations_completed" ON "till_operations" USING btree ("updated_at") WHERE "till_operations"."state" = 'completed';