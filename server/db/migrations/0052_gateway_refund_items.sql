ALTER TABLE "payment_return_lines" ADD COLUMN "gateway_items" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "cart" text;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "refund_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "till_return_lines" ADD COLUMN "gateway_items" jsonb;