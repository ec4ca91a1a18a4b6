CREATE TABLE "till_return_lines" (
	"till_operation_id" uuid NOT NULL,
	"return_key" text NOT NULL,
	"line_no" integer NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"earn_back" bigint NOT NULL,
	"spend_back" bigint NOT NULL,
	"withheld" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "till_return_lines_till_operation_id_return_key_line_no_pk" PRIMARY KEY("till_operation_id","return_key","line_no"),
	CONSTRAINT "till_return_lines_sums" CHECK ("till_return_lines"."quantity_milli" > 0 and "till_return_lines"."earn_back" >= 0 and "till_return_lines"."spend_back" >= 0 and "till_return_lines"."withheld" >= 0 and "till_return_lines"."withheld" <= "till_return_lines"."earn_back")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind";--> statement-breakpoint
ALTER TABLE "till_return_lines" ADD CONSTRAINT "till_return_lines_till_operation_id_till_operations_id_fk" FOREIGN KEY ("till_operation_id") REFERENCES "public"."till_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind" CHECK ("ledger_transactions"."kind" in ('payment_hold', 'payment', 'payment_release', 'till_hold', 'till_spend', 'till_release', 'till_refund', 'till_return', 'till_accrue', 'certificate_activation', 'account_closed', 'manual_adjustment', 'bonus_expiry', 'pending_release', 'welcome_bonus', 'referral_bonus', 'birthday_bonus', 'gift_card_issue', 'gift_card_redeem', 'gift_card_redeem_refund', 'gift_card_add', 'purchase', 'test_credit'));