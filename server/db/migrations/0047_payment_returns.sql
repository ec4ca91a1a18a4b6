CREATE TABLE "payment_card_refunds" (
	"draft_id" uuid NOT NULL,
	"return_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_card_refunds_draft_id_return_key_pk" PRIMARY KEY("draft_id","return_key"),
	CONSTRAINT "payment_card_refunds_amount" CHECK ("payment_card_refunds"."amount" > 0),
	CONSTRAINT "payment_card_refunds_state" CHECK ("payment_card_refunds"."state" in ('refunding', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payment_return_lines" (
	"draft_id" uuid NOT NULL,
	"return_key" text NOT NULL,
	"line_no" integer NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"earn_back" bigint NOT NULL,
	"spend_back" bigint NOT NULL,
	"withheld" bigint NOT NULL,
	"card_share" bigint NOT NULL,
	"balance_share" bigint NOT NULL,
	"card_back" bigint NOT NULL,
	"balance_back" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_return_lines_draft_id_return_key_line_no_pk" PRIMARY KEY("draft_id","return_key","line_no"),
	CONSTRAINT "payment_return_lines_sums" CHECK ("payment_return_lines"."quantity_milli" > 0 and "payment_return_lines"."earn_back" >= 0 and "payment_return_lines"."spend_back" >= 0 and "payment_return_lines"."withheld" >= 0
        and "payment_return_lines"."withheld" <= "payment_return_lines"."earn_back" and "payment_return_lines"."card_back" >= 0 and "payment_return_lines"."card_back" <= "payment_return_lines"."card_share"
        and "payment_return_lines"."balance_back" >= 0 and "payment_return_lines"."balance_back" <= "payment_return_lines"."balance_share"
        and "payment_return_lines"."withheld" = "payment_return_lines"."card_share" - "payment_return_lines"."card_back" + "payment_return_lines"."balance_share" - "payment_return_lines"."balance_back")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind";--> statement-breakpoint
ALTER TABLE "payment_card_refunds" ADD CONSTRAINT "payment_card_refunds_draft_id_payment_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."payment_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_return_lines" ADD CONSTRAINT "payment_return_lines_draft_id_payment_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."payment_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind" CHECK ("ledger_transactions"."kind" in ('payment_hold', 'payment', 'payment_release', 'till_hold', 'till_spend', 'till_release', 'till_refund', 'till_return', 'payment_return', 'till_accrue', 'certificate_activation', 'account_closed', 'manual_adjustment', 'bonus_expiry', 'pending_release', 'welcome_bonus', 'referral_bonus', 'birthday_bonus', 'gift_card_issue', 'gift_card_redeem', 'gift_card_redeem_refund', 'gift_card_add', 'purchase', 'test_credit'));