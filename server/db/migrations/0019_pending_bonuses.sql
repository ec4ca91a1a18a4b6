CREATE TABLE "pending_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"releases_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "pending_bonuses_sourceKey_unique" UNIQUE("source_key"),
	CONSTRAINT "pending_bonuses_state" CHECK ("pending_bonuses"."state" in ('pending', 'released', 'reversed')),
	CONSTRAINT "pending_bonuses_amount" CHECK ("pending_bonuses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_kind";--> statement-breakpoint
ALTER TABLE "pending_bonuses" ADD CONSTRAINT "pending_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_bonuses_due" ON "pending_bonuses" USING btree ("releases_at") WHERE "pending_bonuses"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "pending_bonuses_user" ON "pending_bonuses" USING btree ("user_id","releases_at") WHERE "pending_bonuses"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_kind" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."kind" in ('bonus', 'money', 'bonus_pending'));