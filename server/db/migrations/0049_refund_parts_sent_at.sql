ALTER TABLE "payment_card_refunds" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "till_card_refunds" ADD COLUMN "sent_at" timestamp with time zone;