ALTER TABLE "fiscal_receipts" ADD COLUMN "electronic" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "till_card_refunds_refunded" ON "till_card_refunds" USING btree ("refunded_at") WHERE "till_card_refunds"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "till_operations_card_completed" ON "till_operations" USING btree ("completed_at") WHERE "till_operations"."kind" = 'card' and "till_operations"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "till_operations_card_refunded" ON "till_operations" USING btree ("refunded_at") WHERE "till_operations"."kind" = 'card' and "till_operations"."refunded_at" is not null;--> statement-breakpoint
-- Backfill (decision 083): a receipt's card part from its document's «безналичными» payments (tag 1081).
UPDATE "fiscal_receipts" r SET "electronic" = coalesce((
  SELECT sum((p ->> 'sum')::bigint) FROM jsonb_array_elements(r."document" -> 'payments') p
  WHERE p ->> 'type' = 'electronic'), 0);--> statement-breakpoint
-- The history row written in the completing transaction holds the completion time; a row still completed last
-- changed then; else the time it was made (a hold lasts minutes).
UPDATE "till_operations" t SET "completed_at" = coalesce(
  (SELECT o."occurred_at" FROM "operations" o WHERE o."id" = t."operation_id"),
  CASE WHEN t."state" = 'completed' THEN t."updated_at" END,
  t."created_at")
WHERE t."state" IN ('completed', 'refunded', 'refunding');--> statement-breakpoint
-- A refunded operation changes no more: its last change was the refund.
UPDATE "till_operations" SET "refunded_at" = "updated_at" WHERE "state" = 'refunded';
