CREATE TABLE "payment_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retail_point_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"sum" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_receipts_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_receipts_sum_positive" CHECK ("payment_receipts"."sum" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "receipt_plan" jsonb;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_receipt_id_payment_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_drafts_receipt" ON "payment_drafts" USING btree ("receipt_id") WHERE "payment_drafts"."receipt_id" is not null;