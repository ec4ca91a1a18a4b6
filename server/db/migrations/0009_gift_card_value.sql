ALTER TABLE "payment_drafts" DROP CONSTRAINT "payment_drafts_sums";--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "amount_spend_extra" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "added_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "added_amount" bigint;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "spend_extra" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "extra_spend" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_sums" CHECK ("payment_drafts"."spend" >= 0 and "payment_drafts"."extra_spend" >= 0 and "payment_drafts"."left_to_pay" >= 0
        and "payment_drafts"."extra_spend" + "payment_drafts"."spend" + "payment_drafts"."left_to_pay" = "payment_drafts"."pay_sum");