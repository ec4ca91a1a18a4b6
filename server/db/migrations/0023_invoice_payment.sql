ALTER TABLE "gift_card_invoices" ADD COLUMN "payment_number" text;--> statement-breakpoint
ALTER TABLE "gift_card_invoices" ADD COLUMN "payment_date" date;