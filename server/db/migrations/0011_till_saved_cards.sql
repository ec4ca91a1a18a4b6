ALTER TABLE "till_operations" DROP CONSTRAINT "till_operations_kind";--> statement-breakpoint
ALTER TABLE "till_operations" DROP CONSTRAINT "till_operations_state";--> statement-breakpoint
ALTER TABLE "till_operations" DROP CONSTRAINT "till_operations_sums";--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "card_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "acquirer" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "binding_id" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_card" CHECK (("till_operations"."kind" = 'card') = ("till_operations"."card_amount" > 0));--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_kind" CHECK ("till_operations"."kind" in ('accrue', 'spend', 'card'));--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_state" CHECK ("till_operations"."state" in ('held', 'completed', 'cancelled', 'expired', 'refunded', 'declined', 'refunding'));--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_sums" CHECK ("till_operations"."sum" > 0 and "till_operations"."spend" >= 0 and "till_operations"."earn" >= 0 and "till_operations"."card_amount" >= 0 and "till_operations"."spend" + "till_operations"."card_amount" <= "till_operations"."sum");