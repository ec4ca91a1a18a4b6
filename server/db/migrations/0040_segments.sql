CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "segments_name" ON "segments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "segments_updated" ON "segments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "operations_purchases" ON "operations" USING btree ("occurred_at","user_id","type","amount") WHERE "operations"."state" = 'PROCESSED' and "operations"."type" in ('PAYMENT', 'CASHBACK', 'RETURN');--> statement-breakpoint
CREATE INDEX "receipt_lines_category" ON "receipt_lines" USING btree ("category_id","source","operation_id");--> statement-breakpoint
CREATE INDEX "gift_cards_phone" ON "gift_cards" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "payment_drafts_point_buyers" ON "payment_drafts" USING btree ("retail_point_id","user_id") WHERE "payment_drafts"."state" = 'completed';--> statement-breakpoint
CREATE INDEX "till_operations_point_buyers" ON "till_operations" USING btree ("retail_point_id","user_id") WHERE "till_operations"."state" = 'completed';