-- System accounts keep no cached balance (docs/decisions/021): every payment posted to them, and their cached
-- rows serialised the payments. Their balance is the sum of their entries; `ensureSystemAccounts` creates any
-- that is missing (with null) after the migrations.
ALTER TABLE "ledger_accounts" ALTER COLUMN "balance" DROP NOT NULL;--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance" = null WHERE "user_id" is null and "kind" <> 'gift_card';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_cached_balance" CHECK (("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" <> 'gift_card') = ("ledger_accounts"."balance" is null));
