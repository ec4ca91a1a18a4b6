CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider" text,
	"provider_uuid" text,
	"fn_number" text,
	"fiscal_document_number" text,
	"fiscal_document_attribute" text,
	"fiscal_receipt_number" text,
	"receipt_at" text,
	"ofd_receipt_url" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "fiscal_receipts_externalId_unique" UNIQUE("external_id"),
	CONSTRAINT "fiscal_receipts_status" CHECK ("fiscal_receipts"."status" in ('queued', 'sent', 'done', 'failed')),
	CONSTRAINT "fiscal_receipts_kind" CHECK ("fiscal_receipts"."kind" in ('sell', 'sell_refund')),
	CONSTRAINT "fiscal_receipts_total_positive" CHECK ("fiscal_receipts"."total" > 0)
);
--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due" ON "fiscal_receipts" USING btree ("next_attempt_at") WHERE "fiscal_receipts"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "fiscal_receipts_source" ON "fiscal_receipts" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_created" ON "fiscal_receipts" USING btree ("created_at" DESC NULLS LAST);