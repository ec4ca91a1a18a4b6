CREATE TABLE "till_card_refunds" (
	"till_operation_id" uuid NOT NULL,
	"return_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "till_card_refunds_till_operation_id_return_key_pk" PRIMARY KEY("till_operation_id","return_key"),
	CONSTRAINT "till_card_refunds_amount" CHECK ("till_card_refunds"."amount" > 0),
	CONSTRAINT "till_card_refunds_state" CHECK ("till_card_refunds"."state" in ('refunding', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "till_return_lines" ADD COLUMN "card_share" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "till_card_refunds" ADD CONSTRAINT "till_card_refunds_till_operation_id_till_operations_id_fk" FOREIGN KEY ("till_operation_id") REFERENCES "public"."till_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_refunded" CHECK ("sandbox_orders"."refunded_amount" >= 0 AND "sandbox_orders"."refunded_amount" <= "sandbox_orders"."amount");--> statement-breakpoint
ALTER TABLE "till_return_lines" ADD CONSTRAINT "till_return_lines_card_share" CHECK ("till_return_lines"."card_share" >= 0);--> statement-breakpoint
-- A sandbox order refunded before parts existed was refunded whole.
UPDATE "sandbox_orders" SET "refunded_amount" = "amount" WHERE "status" = 'refunded';
