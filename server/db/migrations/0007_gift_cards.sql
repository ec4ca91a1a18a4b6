CREATE TABLE "gift_card_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "gift_card_deliveries_cardId_unique" UNIQUE("card_id")
);
--> statement-breakpoint
CREATE TABLE "gift_card_order_drafts" (
	"draft_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"nominal" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"discount" bigint NOT NULL,
	"delivery_sum" bigint NOT NULL,
	"total" bigint NOT NULL,
	"recipients" jsonb NOT NULL,
	"congratulation" text NOT NULL,
	"image_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"sending_date" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gift_card_orders_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_card_orders_state" CHECK ("gift_card_orders"."state" in ('created', 'paid')),
	CONSTRAINT "gift_card_orders_quantity" CHECK ("gift_card_orders"."quantity" >= 1),
	CONSTRAINT "gift_card_orders_bill" CHECK ("gift_card_orders"."nominal" > 0 and "gift_card_orders"."discount" >= 0 and "gift_card_orders"."delivery_sum" >= 0 and "gift_card_orders"."total" > 0
        and "gift_card_orders"."total" = "gift_card_orders"."nominal" * "gift_card_orders"."quantity" - "gift_card_orders"."discount" + "gift_card_orders"."delivery_sum")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"code" text NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"nominal" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_cards_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_cards_accountId_unique" UNIQUE("account_id"),
	CONSTRAINT "gift_cards_order_position" UNIQUE("order_id","position")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_not_negative";--> statement-breakpoint
ALTER TABLE "gift_card_deliveries" ADD CONSTRAINT "gift_card_deliveries_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_order_drafts" ADD CONSTRAINT "gift_card_order_drafts_draft_id_payment_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."payment_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_order_drafts" ADD CONSTRAINT "gift_card_order_drafts_order_id_gift_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_gift_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_deliveries_due" ON "gift_card_deliveries" USING btree ("send_at") WHERE "gift_card_deliveries"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "gift_card_order_drafts_order" ON "gift_card_order_drafts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_card_orders_user" ON "gift_card_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_not_negative" CHECK (("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" <> 'gift_card') or "ledger_accounts"."balance" >= 0);