CREATE TABLE "gift_card_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"order_id" uuid NOT NULL,
	"company" jsonb NOT NULL,
	"download_key" text NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gift_card_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "gift_card_invoices_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "gift_card_invoices_state" CHECK ("gift_card_invoices"."state" in ('issued', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"retail_point_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "gift_card_redemptions_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_card_redemptions_amount" CHECK ("gift_card_redemptions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_card_invoices" ADD CONSTRAINT "gift_card_invoices_order_id_gift_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_card" ON "gift_card_redemptions" USING btree ("card_id");