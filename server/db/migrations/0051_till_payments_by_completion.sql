DROP INDEX "till_operations_completed";--> statement-breakpoint
CREATE INDEX "till_operations_completed_at" ON "till_operations" USING btree ("completed_at") WHERE "till_operations"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "till_operations_refunded_at" ON "till_operations" USING btree ("refunded_at") WHERE "till_operations"."refunded_at" is not null;--> statement-breakpoint
-- Hand-added (decision 083, the reports' payments by completion): the rollup's ended days were computed with the
-- payments dated by `updated_at` (a refunded payment left its day), so the stored ones are dropped, as 0022 did;
-- the next report computes them again.
DELETE FROM "report_days";--> statement-breakpoint
DELETE FROM "report_days_closed";
