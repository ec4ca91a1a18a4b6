ALTER TABLE "payment_drafts" DROP CONSTRAINT "payment_drafts_sums";--> statement-breakpoint
ALTER TABLE "coupon_uses" ALTER COLUMN "visit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "coupon_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "coupon" jsonb;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_draft_id_payment_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."payment_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_draft_held" ON "coupon_uses" USING btree ("draft_id") WHERE "coupon_uses"."state" = 'held';--> statement-breakpoint
CREATE INDEX "coupon_uses_draft" ON "coupon_uses" USING btree ("draft_id") WHERE "coupon_uses"."draft_id" is not null;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_holder" CHECK (("coupon_uses"."visit_id" is null) <> ("coupon_uses"."draft_id" is null));--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_sums" CHECK ("payment_drafts"."spend" >= 0 and "payment_drafts"."extra_spend" >= 0 and "payment_drafts"."left_to_pay" >= 0
        and "payment_drafts"."coupon_discount" >= 0
        and "payment_drafts"."coupon_discount" + "payment_drafts"."extra_spend" + "payment_drafts"."spend" + "payment_drafts"."left_to_pay" = "payment_drafts"."pay_sum");