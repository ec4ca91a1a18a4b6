ALTER TABLE "gift_card_invoices" DROP CONSTRAINT "gift_card_invoices_state";--> statement-breakpoint
ALTER TABLE "gift_card_orders" DROP CONSTRAINT "gift_card_orders_state";--> statement-breakpoint
ALTER TABLE "gift_card_invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_invoices" ADD CONSTRAINT "gift_card_invoices_state" CHECK ("gift_card_invoices"."state" in ('issued', 'paid', 'cancelled'));--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_state" CHECK ("gift_card_orders"."state" in ('created', 'paid', 'cancelled'));